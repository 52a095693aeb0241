import type { databases } from "../../db/schema";
import type { Connector } from "../../core/connectors/types";
import { parseSqlalchemyUri, type ParsedUri } from "../../core/connectors/uri";
import { engineSpec, type EngineName } from "../../core/engines/registry";
import { decryptSecret } from "../../core/security/crypto";
import { badRequest } from "../../core/http/errors";
import type { Env } from "../env";
import { d1Connector } from "./d1";
import { postgresqlConnector } from "./postgresql";
import { mysqlConnector } from "./mysql";
import { clickhouseConnector } from "./clickhouse";
import { pooledConnector } from "./pooled";
import { withMetadataDeadline } from "./deadline";
import type { ConnectionPoolRpc } from "./pool-rpc";
import type { ConnectionSpec, ConnectorUse, NetworkTarget } from "./types";

// callers outside the connectors may keep naming these shapes here (engines import ./types: no cycle)
export type { ConnectionSpec, ConnectorUse, NetworkTarget } from "./types";

/**
 * D1 bindings that may serve as data sources. The metadata binding DB (users, roles, saved queries…)
 * is deliberately absent: it must never be reachable from SQL Lab.
 */
export const D1_DATA_BINDINGS: readonly string[] = ["EXAMPLES"];

/** Each engine's connector; keyed by EngineName, so an engine added to core/engines/registry.ts needs its line here. */
const FACTORIES: Record<EngineName, (env: Env, parsed: ParsedUri, spec: ConnectionSpec, use: ConnectorUse) => Connector> = {
  d1(env, parsed) {
    const binding = parsed.database ?? "";
    if (!D1_DATA_BINDINGS.includes(binding)) {
      throw badRequest(`D1 binding "${binding}" is not available as a data source. Allowed: ${D1_DATA_BINDINGS.join(", ")}`);
    }
    const d1 = (env as unknown as Record<string, D1Database | undefined>)[binding];
    if (!d1) throw badRequest(`D1 binding "${binding}" is not configured in this deployment`);
    return d1Connector(d1, binding);
  },
  postgresql: (env, parsed, spec, use) => postgresqlConnector(networkTarget(env, parsed, spec), use),
  mysql: (env, parsed, spec) => mysqlConnector(networkTarget(env, parsed, spec)),
  clickhouse: (env, parsed, spec) => clickhouseConnector(networkTarget(env, parsed, spec)),
};

/** Engines whose runs leave nothing behind but what DISCARD ALL clears, so a connection may serve the next run. */
const POOLED_ENGINES: ReadonlySet<string> = new Set(["postgresql"]);
/**
 * Pools per database: one Durable Object runs one thing at a time between awaits, so the CPU of parsing big
 * results is spread over several; a user always lands on the same one, which keeps their connections warm.
 */
const POOL_SHARDS = 4;

/**
 * The connector of a saved database row; its password is decrypted with SECRET_KEY here and nowhere else.
 * With `pooled`, statements of a direct (not Hyperdrive) connection to a poolable engine run on one of the
 * database's ConnectionPool Durable Objects; only read-only runs may ask for that.
 */
export async function connectorFor(
  env: Env,
  database: typeof databases.$inferSelect,
  secret: string,
  options: { pooled?: { userId: number } } = {},
): Promise<Connector> {
  const password = database.password ? await decryptSecret(secret, database.password) : null;
  const spec = { engine: database.engine, sqlalchemy_uri: database.sqlalchemy_uri, password, extra: database.extra };
  if (!options.pooled || !env.CONNECTION_POOL || !POOLED_ENGINES.has(database.engine) || hyperdriveName(database.extra)) return openConnector(env, spec);
  // the URI is checked now (a bad one fails here, as unpooled); the direct client is made only if a metadata
  // call needs it: a chart query never does, and making one (postgres.js sets up its connection) showed in the
  // V8 profile of an uncached PostgreSQL chart-data request
  parsedSpec(spec);
  const ns = env.CONNECTION_POOL as unknown as DurableObjectNamespace<ConnectionPoolRpc>;
  const shard = options.pooled.userId % POOL_SHARDS;
  return pooledConnector(ns.get(ns.idFromName(`pool:${database.id}:${shard}`)), spec, () => openConnector(env, spec));
}

/** A connector for connection details not (yet) saved, as test_connection needs; its metadata calls are bounded. */
export function openConnector(env: Env, spec: ConnectionSpec, use: ConnectorUse = {}): Connector {
  const parsed = parsedSpec(spec);
  return withMetadataDeadline(FACTORIES[parsed.engine](env, parsed, spec, use));
}

function parsedSpec(spec: ConnectionSpec): ParsedUri {
  const parsed = parseSqlalchemyUri(spec.sqlalchemy_uri);
  if (parsed.engine !== spec.engine) throw badRequest(`The URI is for ${parsed.engine}, but the database engine is ${spec.engine}`);
  return parsed;
}

/**
 * Production reaches PostgreSQL and MySQL through Hyperdrive: when the database's extra JSON says
 * `"hyperdrive": "WAREHOUSE"`, the binding `HYPERDRIVE_WAREHOUSE` (wrangler.toml `[[hyperdrive]]`) gives host,
 * port, user, password and database, and the stored URI only names the engine.
 */
function networkTarget(env: Env, parsed: ParsedUri, spec: ConnectionSpec): NetworkTarget {
  const name = hyperdriveName(spec.extra);
  if (name) {
    const binding = (env as unknown as Record<string, Hyperdrive | undefined>)[name];
    if (!binding) throw badRequest(`Hyperdrive binding ${name} is not configured in this deployment`);
    return {
      host: binding.host,
      port: binding.port,
      username: binding.user,
      password: binding.password,
      database: binding.database,
      query: {},
      viaHyperdrive: true,
    };
  }
  return {
    host: parsed.host ?? "localhost",
    port: parsed.port ?? engineSpec(parsed.engine).defaultPort ?? 0,
    username: parsed.username,
    password: spec.password ?? parsed.password,
    database: parsed.database,
    query: parsed.query,
    viaHyperdrive: false,
  };
}

function hyperdriveName(extra: string | null): string | null {
  if (!extra) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(extra);
  } catch {
    return null;
  }
  const name = (parsed as { hyperdrive?: unknown })?.hyperdrive;
  if (typeof name !== "string" || !/^[A-Za-z0-9_]+$/.test(name)) return null;
  return name.startsWith("HYPERDRIVE_") ? name : `HYPERDRIVE_${name}`;
}
