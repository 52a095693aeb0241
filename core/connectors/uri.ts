import { badRequest } from "../http/errors";

// SQLAlchemy URIs as Superset stores them: `dialect[+driver]://user:password@host:port/database?options`.
// The password never stays in the stored URI: it is encrypted apart and the URI keeps a mask in its place.

export const PASSWORD_MASK = "XXXXXXXXXX";

export type EngineName = "d1" | "postgresql" | "mysql";

/** SQLAlchemy dialect (and driver) names we accept, mapped to our engine folders. */
const SCHEMES: Record<string, EngineName> = {
  d1: "d1",
  postgresql: "postgresql",
  "postgresql+psycopg2": "postgresql",
  "postgresql+psycopg": "postgresql",
  "postgresql+pg8000": "postgresql",
  postgres: "postgresql",
  mysql: "mysql",
  "mysql+mysqldb": "mysql",
  "mysql+pymysql": "mysql",
  "mysql+mysqlconnector": "mysql",
  mariadb: "mysql",
  "mariadb+mariadbconnector": "mysql",
  "mariadb+pymysql": "mysql",
};

export const DEFAULT_PORTS: Record<EngineName, number | null> = { d1: null, postgresql: 5432, mysql: 3306 };

export interface ParsedUri {
  engine: EngineName;
  /** the scheme as written, e.g. "postgresql+psycopg2" */
  scheme: string;
  username: string | null;
  password: string | null;
  host: string | null;
  port: number | null;
  /** database name; for D1 the binding name */
  database: string | null;
  query: Record<string, string>;
}

export function engineOfScheme(scheme: string): EngineName | null {
  return SCHEMES[scheme.toLowerCase()] ?? null;
}

/**
 * Whether two connection strings reach the same place as the same user: engine, host (any case), port (the
 * engine's default when absent), user and database. A stored password is reused only for that same target,
 * never sent to a host the caller names (Superset compares the masked URI with the stored one likewise).
 */
export function sameConnectionTarget(a: string, b: string): boolean {
  let x: ParsedUri, y: ParsedUri;
  try {
    x = parseSqlalchemyUri(a);
    y = parseSqlalchemyUri(b);
  } catch {
    return false;
  }
  const port = (p: ParsedUri) => p.port ?? DEFAULT_PORTS[p.engine];
  return (
    x.engine === y.engine &&
    (x.host ?? "").toLowerCase() === (y.host ?? "").toLowerCase() &&
    port(x) === port(y) &&
    x.username === y.username &&
    x.database === y.database
  );
}

/** Parses a URI or throws a 400 that says what is wrong with it. */
export function parseSqlalchemyUri(uri: unknown): ParsedUri {
  if (typeof uri !== "string" || !uri.trim()) throw badRequest("sqlalchemy_uri is required", "INVALID_PAYLOAD_SCHEMA_ERROR");
  const text = uri.trim();
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(.*)$/s.exec(text);
  if (!m) {
    throw badRequest(
      "Invalid connection string, a valid string usually follows: backend+driver://user:password@database-host/database-name",
      "INVALID_PAYLOAD_SCHEMA_ERROR",
    );
  }
  const scheme = m[1].toLowerCase();
  const engine = engineOfScheme(scheme);
  if (!engine) {
    throw badRequest(
      `Could not load database driver: ${scheme.split("+")[0]}. Supported engines: PostgreSQL, MySQL/MariaDB, D1.`,
      "GENERIC_DB_ENGINE_ERROR",
    );
  }
  if (engine === "d1") return parseD1(scheme, m[2]);
  let url: URL;
  try {
    // The `http` scheme makes WHATWG URL parse authority, port and path the way SQLAlchemy does.
    url = new URL(`http://${m[2]}`);
  } catch {
    throw badRequest(`Invalid connection string: could not parse the ${scheme}:// URI (check the host and a port of 1 to 65535)`, "INVALID_PAYLOAD_SCHEMA_ERROR");
  }
  if (url.port === "0") throw badRequest("Invalid connection string: the port must be between 1 and 65535", "INVALID_PAYLOAD_SCHEMA_ERROR");
  const host = url.hostname.replace(/^\[|\]$/g, "") || null;
  if (!host) throw badRequest("Invalid connection string: a host name is required", "INVALID_PAYLOAD_SCHEMA_ERROR");
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || null;
  if (database?.includes("/")) throw badRequest("Invalid connection string: the database name may not contain '/'", "INVALID_PAYLOAD_SCHEMA_ERROR");
  return {
    engine,
    scheme,
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    host,
    port: url.port ? Number(url.port) : DEFAULT_PORTS[engine],
    database,
    query: Object.fromEntries(url.searchParams),
  };
}

function parseD1(scheme: string, rest: string): ParsedUri {
  const binding = rest.replace(/\/+$/, "");
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(binding))
    throw badRequest("Invalid D1 connection string: use d1://<BINDING>, e.g. d1://EXAMPLES", "INVALID_PAYLOAD_SCHEMA_ERROR");
  return { engine: "d1", scheme, username: null, password: null, host: null, port: null, database: binding, query: {} };
}

/** The URI with its password replaced by the mask (nothing to mask leaves it as it is). */
export function maskUri(uri: string): string {
  return uri.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^:/@?#]*:)([^@/?#]*)@/s, (_all, head: string, pw: string) =>
    pw ? `${head}${PASSWORD_MASK}@` : `${head}@`,
  );
}

/** The password written in the URI (decoded), or null. A mask is not a password. */
export function passwordInUri(uri: string): string | null {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^:/@?#]*:([^@/?#]*)@/s.exec(uri);
  if (!m || !m[1] || m[1] === PASSWORD_MASK) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/** Builds a URI from the form's separate fields (Superset's "parameters" configuration method). */
export function buildUri(p: {
  engine: EngineName;
  host?: string | null;
  port?: number | null;
  database?: string | null;
  username?: string | null;
  password?: string | null;
  query?: Record<string, string>;
}): string {
  if (p.engine === "d1") return `d1://${p.database ?? ""}`;
  const auth = p.username ? `${encodeURIComponent(p.username)}${p.password ? `:${encodeURIComponent(p.password)}` : ""}@` : "";
  const host = p.host?.includes(":") ? `[${p.host}]` : (p.host ?? "");
  const port = p.port ? `:${p.port}` : "";
  const qs = p.query && Object.keys(p.query).length ? `?${new URLSearchParams(p.query)}` : "";
  return `${p.engine}://${auth}${host}${port}/${p.database ? encodeURIComponent(p.database) : ""}${qs}`;
}
