import { ENGINES, type EngineName, type EngineRegistry } from "../engines/registry";
import type { ParsedUri as EngineParsedUri, UriParts as EngineUriParts } from "../engines/spec";
import { badRequest } from "../http/errors";

// SQLAlchemy URIs as Superset stores them: `dialect[+driver]://user:password@host:port/database?options`.
// The password never stays in the stored URI: it is encrypted apart and the URI keeps a mask in its place.

export const PASSWORD_MASK = "XXXXXXXXXX";

export type { EngineName };

export type ParsedUri<N extends string = EngineName> = EngineParsedUri<N>;
export type UriParts<N extends string = EngineName> = EngineUriParts<N>;

/** The engine a SQLAlchemy scheme names (core/engines/registry.ts), or null. */
export function engineOfScheme(scheme: string): EngineName | null {
  return ENGINES.byScheme(scheme)?.name ?? null;
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
  const port = (p: ParsedUri) => p.port ?? ENGINES.spec(p.engine).defaultPort;
  return (
    x.engine === y.engine &&
    (x.host ?? "").toLowerCase() === (y.host ?? "").toLowerCase() &&
    port(x) === port(y) &&
    x.username === y.username &&
    x.database === y.database
  );
}

/** Parses a URI or throws a 400 that says what is wrong with it. `engines` is the registry it is read against. */
export function parseSqlalchemyUri(uri: unknown): ParsedUri;
export function parseSqlalchemyUri<N extends string>(uri: unknown, engines: EngineRegistry<N>): ParsedUri<N>;
export function parseSqlalchemyUri(uri: unknown, engines: EngineRegistry = ENGINES): ParsedUri<string> {
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
  const spec = engines.byScheme(scheme);
  if (!spec) {
    const supported = engines.engines.map((e) => e.family).join(", ");
    throw badRequest(`Could not load database driver: ${scheme.split("+")[0]}. Supported engines: ${supported}.`, "GENERIC_DB_ENGINE_ERROR");
  }
  const engine = spec.name;
  if (spec.uri) return { engine, ...spec.uri.parse(scheme, m[2]) };
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
    port: url.port ? Number(url.port) : spec.defaultPort,
    database,
    query: Object.fromEntries(url.searchParams),
  };
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


/** Builds a URI from the form's separate fields, in the engine's first scheme unless the engine writes its own. */
export function buildUri(p: UriParts): string;
export function buildUri<N extends string>(p: UriParts<N>, engines: EngineRegistry<N>): string;
export function buildUri(p: UriParts<string>, engines: EngineRegistry = ENGINES): string {
  const spec = engines.spec(p.engine);
  if (spec.uri) return spec.uri.build(p);
  const auth = p.username ? `${encodeURIComponent(p.username)}${p.password ? `:${encodeURIComponent(p.password)}` : ""}@` : "";
  const host = p.host?.includes(":") ? `[${p.host}]` : (p.host ?? "");
  const port = p.port ? `:${p.port}` : "";
  const qs = p.query && Object.keys(p.query).length ? `?${new URLSearchParams(p.query)}` : "";
  return `${spec.schemes[0]}://${auth}${host}${port}/${p.database ? encodeURIComponent(p.database) : ""}${qs}`;
}
