import { wrapWithLimit } from "../../../core/connectors/limit-statement";
import postgres from "postgres";
import { dialectFor } from "../../../core/connectors/dialects";
import { classifyConnectionError, databaseError, queryTimeoutError, scrub } from "../../../core/connectors/errors";
import type { Connector, ExecuteOptions, QueryResult } from "../../../core/connectors/types";
import { ApiError, notFound } from "../../../core/http/errors";
import type { ConnectorUse, NetworkTarget } from "../types";
import { cutToLimit, guardQuery } from "../run-guard";
import { listFunctionNames, listSchemas, listTables, readTableMetadata } from "./metadata";
import { PG_PARSERS, PG_TYPE_NAMES } from "./types";
import { boundedSocketFactory } from "./socket";

const dialect = dialectFor("postgresql");

/** What `.values()` resolves to: rows as arrays, plus the column descriptions. */
type PgRows = unknown[][] & { columns?: { name: string; type: number }[] };

// SQLSTATEs raised while connecting: they describe the connection, not the user's SQL.
const CONNECTION_STATES = new Set(["28P01", "28000", "3D000", "08001", "08006", "08004", "57P03"]);

/**
 * PostgreSQL through postgres.js (porsager), whose Workers build speaks over `cloudflare:sockets`; in
 * production the target is a Hyperdrive binding. One connection per connector: a Worker request is short.
 * Every query runs in its own transaction (READ ONLY unless the database allows DML) with SET LOCAL
 * statement_timeout, so even a stuck cancel leaves the server to stop the statement itself.
 */
export function postgresqlConnector(target: NetworkTarget, use: ConnectorUse = {}): Connector {
  const ssl = sslOption(target.query.sslmode);
  const sql = postgres({
    host: target.host,
    port: target.port,
    user: target.username ?? "postgres",
    password: target.password ?? undefined,
    database: target.database ?? target.username ?? "postgres",
    max: 1,
    prepare: false,
    fetch_types: false,
    connect_timeout: 10,
    // a request's connector closes when the request is done; a pooled one must outlive the pool's idle clock
    idle_timeout: use.idleSeconds ?? 5,
    ssl,
    // connection attempts counted and spaced out (postgres.js alone retries a failed handshake without end);
    // the option is real but missing from postgres.js's types
    ...{ socket: boundedSocketFactory({ host: target.host, port: target.port, ssl: Boolean(ssl) }) },
    onnotice: () => {},
    types: PG_PARSERS,
    connection: { application_name: "edge-superset" },
  });

  const fail = (e: unknown): Error => mapError(e, target);

  async function inTransaction<T>(options: Pick<ExecuteOptions, "readOnly" | "timeoutMs" | "schema">, body: (tx: postgres.TransactionSql) => Promise<T>) {
    return (await sql.begin(options.readOnly ? "read only" : "read write", async (tx) => {
      if (options.timeoutMs) await tx.unsafe(`SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(options.timeoutMs))}`);
      if (options.schema) await tx.unsafe(`SET LOCAL search_path TO ${dialect.quoteIdentifier(options.schema)}`);
      return body(tx);
    })) as T;
  }

  /**
   * One statement in its own transaction, pipelined: the opening (BEGIN, SET LOCAL …), the statement and
   * COMMIT leave in one write and come back in one read, so a run costs one round trip after connecting
   * (Hyperdrive included: the three form one transaction, which its transaction pooling keeps together).
   * A failed statement makes COMMIT a rollback.
   */
  function pipelined(text: string, options: Pick<ExecuteOptions, "readOnly" | "timeoutMs" | "schema">) {
    const opening = [options.readOnly ? "BEGIN READ ONLY" : "BEGIN READ WRITE"];
    if (options.timeoutMs) opening.push(`SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(options.timeoutMs))}`);
    if (options.schema) opening.push(`SET LOCAL search_path TO ${dialect.quoteIdentifier(options.schema)}`);
    const begin = sql.unsafe(opening.join("; "));
    const statement = sql.unsafe(text).values();
    const commit = sql.unsafe("COMMIT");
    for (const q of [begin, statement, commit]) q.execute();
    // the opening must have held before the statement's answer counts; COMMIT must hold for writes to count
    const done = (async () => {
      await begin;
      const rows = (await statement) as unknown as PgRows;
      await commit;
      return rows;
    })();
    // whichever of them `done` did not get to await must not become an unhandled rejection
    for (const q of [begin, statement, commit]) q.catch(() => {});
    return { statement, done };
  }

  return {
    engine: "postgresql",
    connect() {
      // postgres.js connects on a connection's first query (its reserve() never resolves without
      // fetch_types); the statements that follow are pipelined behind this one, so it costs no round trip
      sql.unsafe("SELECT 1").execute().catch(() => {});
    },
    async resetSession() {
      await sql.unsafe("DISCARD ALL");
    },
    async execute(text, options) {
      const limited = options.limit === undefined ? text : wrapWithLimit(text, options.limit + 1, dialect.flavour);
      const { statement, done } = pipelined(limited, options);
      let rows: PgRows;
      try {
        rows = await guardQuery(done, { ...options, cancel: () => void statement.cancel() });
      } catch (e) {
        // the server's statement_timeout (the same limit, set in the transaction) may fire before our timer
        if (options.timeoutMs && isStatementTimeout(e)) throw queryTimeoutError(options.timeoutMs);
        throw fail(e);
      }
      const columns = (rows.columns ?? []).map((c) => {
        const type = PG_TYPE_NAMES[c.type] ?? null;
        const generic = dialect.genericType(type);
        return { name: c.name, type, type_generic: generic, is_dttm: generic === 2 };
      });
      const truncated = cutToLimit(rows, options.limit);
      return { columns, rows, truncated } satisfies QueryResult;
    },
    async explain(text, options) {
      try {
        return await inTransaction({ readOnly: true, timeoutMs: 30_000, schema: options.schema }, async (tx) => [...(await tx.unsafe(`EXPLAIN ${text}`))]);
      } catch (e) {
        throw fail(e);
      }
    },
    async write(statements, options) {
      try {
        await inTransaction({ readOnly: false, schema: options.schema }, async (tx) => {
          for (const s of statements) await tx.unsafe(s.sql, s.params as postgres.ParameterOrJSON<never>[]);
        });
      } catch (e) {
        throw fail(e);
      }
    },
    async testConnection() {
      try {
        await sql`SELECT 1`;
      } catch (e) {
        throw classifyConnectionError(e, { engine: "postgresql", host: target.host, port: target.port, username: target.username, database: target.database });
      }
    },
    async catalogs() {
      try {
        const [row] = await sql<{ db: string }[]>`SELECT current_database() AS db`;
        return [row.db];
      } catch (e) {
        throw fail(e);
      }
    },
    async schemas() {
      try {
        return await listSchemas(sql);
      } catch (e) {
        throw fail(e);
      }
    },
    async tables(schema) {
      try {
        return await listTables(sql, schema ?? "public");
      } catch (e) {
        throw fail(e);
      }
    },
    async functionNames() {
      try {
        return await listFunctionNames(sql);
      } catch (e) {
        throw fail(e);
      }
    },
    async tableMetadata(table, schema) {
      let meta;
      try {
        meta = await readTableMetadata(sql, table, schema ?? "public");
      } catch (e) {
        throw fail(e);
      }
      if (!meta) throw notFound(`Table ${table} not found in schema ${schema ?? "public"}`);
      return meta;
    },
    async close() {
      await sql.end({ timeout: 1 }).catch(() => {});
    },
  };
}

function isStatementTimeout(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === "57014" && /statement timeout/i.test(String(err.message ?? ""));
}

function sslOption(mode: string | undefined): postgres.Options<Record<string, never>>["ssl"] {
  if (!mode || mode === "disable" || mode === "allow") return false;
  if (mode === "prefer") return "prefer";
  return "require";
}

function mapError(e: unknown, target: NetworkTarget): Error {
  if (e instanceof ApiError) return e;
  const err = e as { code?: string; message?: string };
  const code = String(err?.code ?? "");
  if (CONNECTION_STATES.has(code) || /^E[A-Z]+$/.test(code) || code === "CONNECT_TIMEOUT" || code === "CONNECTION_CLOSED" || !err?.code) {
    const classified = classifyConnectionError(e, { engine: "postgresql", host: target.host, port: target.port, username: target.username, database: target.database });
    if (classified.errorType !== "GENERIC_DB_ENGINE_ERROR" || !err?.code) return classified;
  }
  return databaseError("postgresql", scrub(String(err?.message ?? e)));
}
