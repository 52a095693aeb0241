import { wrapWithLimit } from "../../../core/connectors/limit-statement";
import { createConnection, type Connection, type ConnectionOptions, type FieldPacket } from "mysql2/promise";
import { dialectFor } from "../../../core/connectors/dialects";
import { classifyConnectionError, databaseError, scrub } from "../../../core/connectors/errors";
import type { Connector, ExecuteOptions, QueryResult } from "../../../core/connectors/types";
import { ApiError, notFound } from "../../../core/http/errors";
import type { NetworkTarget } from "../types";
import { cutToLimit, guardQuery } from "../run-guard";
import { listSchemas, listStoredFunctions, listTables, readTableMetadata } from "./metadata";
import { MYSQL_FUNCTIONS } from "../../../core/engines/mysql/functions";
import { mysqlTypeName } from "./types";

const dialect = dialectFor("mysql");

// Driver errors raised while connecting: they describe the connection, not the user's SQL.
const CONNECTION_CODES = new Set(["ER_ACCESS_DENIED_ERROR", "ER_BAD_DB_ERROR", "ER_DBACCESS_DENIED_ERROR", "PROTOCOL_CONNECTION_LOST"]);

/**
 * MySQL and MariaDB through mysql2 (≥ 3.13 runs on Workers over node:net, which workerd backs with
 * `cloudflare:sockets`; `disableEval` because Workers forbid code generation). Queries run in
 * START TRANSACTION READ ONLY unless the database allows DML; the server-side statement timeout is
 * max_statement_time (MariaDB, seconds) or max_execution_time (MySQL, milliseconds, SELECT only);
 * stopping sends KILL QUERY from a second connection.
 */
export function mysqlConnector(target: NetworkTarget): Connector {
  const config: ConnectionOptions = {
    host: target.host,
    port: target.port,
    user: target.username ?? "root",
    password: target.password ?? undefined,
    database: target.database ?? undefined,
    disableEval: true,
    rowsAsArray: true,
    dateStrings: true,
    decimalNumbers: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    multipleStatements: false,
    connectTimeout: 10_000,
    // The server converts every text column to UTF-8 on the wire, so mysql2 decodes with Buffer alone and
    // never needs iconv-lite, which the Worker bundle replaces (bundle-shims/iconv-lite.cjs).
    charset: "UTF8MB4_UNICODE_CI",
  };
  const where = { engine: "mysql", host: target.host, port: target.port, username: target.username, database: target.database };
  let connecting: Promise<Connection> | null = null;
  let isMariaDb = false;
  const connection = () =>
    (connecting ??= createConnection(config).then(async (conn) => {
      const [[version]] = (await conn.query({ sql: "SELECT VERSION()", rowsAsArray: true })) as unknown as [[string][]];
      isMariaDb = /mariadb/i.test(String(version?.[0] ?? ""));
      return conn;
    }));
  const fail = (e: unknown) => {
    // a fatal error leaves mysql2's connection closed for good: the next call (an upload dropping its staging
    // table, say) must connect again rather than fail on the dead one
    if ((e as { fatal?: boolean })?.fatal && connecting) {
      const dead = connecting;
      connecting = null;
      void dead.then((c) => c.destroy()).catch(() => {});
    }
    return mapError(e, where);
  };

  async function setTimeoutVar(conn: Connection, timeoutMs: number | undefined) {
    const ms = timeoutMs ? Math.max(1, Math.ceil(timeoutMs)) : 0;
    await conn.query(isMariaDb ? `SET SESSION max_statement_time = ${ms / 1000}` : `SET SESSION max_execution_time = ${ms}`);
  }

  async function killRunning(threadId: number) {
    const killer = await createConnection(config);
    try {
      await killer.query(`KILL QUERY ${Number(threadId)}`);
    } finally {
      killer.destroy();
    }
  }

  async function run(text: string, options: ExecuteOptions) {
    const conn = await connection();
    await setTimeoutVar(conn, options.timeoutMs);
    if (options.schema) await conn.query(`USE ${dialect.quoteIdentifier(options.schema)}`);
    await conn.query(options.readOnly ? "START TRANSACTION READ ONLY" : "START TRANSACTION");
    try {
      const result = (await conn.query({ sql: text, rowsAsArray: true })) as unknown as [unknown[][] | object, FieldPacket[] | undefined];
      await conn.query("COMMIT");
      return result;
    } catch (e) {
      await conn.query("ROLLBACK").catch(() => {});
      throw e;
    }
  }

  return {
    engine: "mysql",
    async execute(text, options) {
      const limited = options.limit === undefined ? text : wrapWithLimit(text, options.limit + 1, dialect.flavour);
      let result: [unknown[][] | object, FieldPacket[] | undefined];
      try {
        const conn = await connection();
        result = await guardQuery(run(limited, options), { ...options, cancel: () => killRunning(conn.threadId) });
      } catch (e) {
        throw fail(e);
      }
      const [data, fields] = result;
      // A write (with DML allowed) answers a header, not rows.
      const rows = Array.isArray(data) ? (data as unknown[][]) : [];
      const columns = (fields ?? []).map((f) => {
        const type = mysqlTypeName(f as { columnType?: number; columnLength?: number });
        const generic = dialect.genericType(type);
        return { name: f.name, type, type_generic: generic, is_dttm: generic === 2 };
      });
      const truncated = cutToLimit(rows, options.limit);
      return { columns, rows, truncated } satisfies QueryResult;
    },
    async explain(text, options) {
      try {
        const conn = await connection();
        if (options.schema) await conn.query(`USE ${dialect.quoteIdentifier(options.schema)}`);
        const [rows] = await conn.query({ sql: `EXPLAIN ${text}`, rowsAsArray: false });
        return rows as Record<string, unknown>[];
      } catch (e) {
        throw fail(e);
      }
    },
    async write(statements, options) {
      let conn: Connection | null = null;
      try {
        conn = await connection();
        if (options.schema) await conn.query(`USE ${dialect.quoteIdentifier(options.schema)}`);
        await conn.query("START TRANSACTION");
        for (const s of statements) await conn.query(s.sql, s.params);
        await conn.query("COMMIT");
      } catch (e) {
        await conn?.query("ROLLBACK").catch(() => {});
        throw fail(e);
      }
    },
    async testConnection() {
      try {
        const conn = await connection();
        await conn.query("SELECT 1");
      } catch (e) {
        throw classifyConnectionError(e, where);
      }
    },
    async catalogs() {
      return [];
    },
    async schemas() {
      try {
        return await listSchemas(await connection());
      } catch (e) {
        throw fail(e);
      }
    },
    async tables(schema) {
      try {
        return await listTables(await connection(), schema ?? target.database ?? "");
      } catch (e) {
        throw fail(e);
      }
    },
    async functionNames() {
      try {
        // the built-ins have no readable catalogue on the server (see mysql-functions.ts); stored functions do
        return [...MYSQL_FUNCTIONS, ...(await listStoredFunctions(await connection()))];
      } catch (e) {
        throw fail(e);
      }
    },
    async tableMetadata(table, schema) {
      const inSchema = schema ?? target.database ?? "";
      let meta;
      try {
        meta = await readTableMetadata(await connection(), table, inSchema);
      } catch (e) {
        throw fail(e);
      }
      if (!meta) throw notFound(`Table ${table} not found in schema ${inSchema}`);
      return meta;
    },
    connect() {
      connection().catch(() => {
        connecting = null; // the next call connects again and reports what fails
      });
    },
    async close() {
      if (!connecting) return;
      const pending = connecting;
      connecting = null;
      await pending.then((c) => c.end()).catch(() => {});
    },
  };
}

function mapError(e: unknown, where: Parameters<typeof classifyConnectionError>[1]): Error {
  if (e instanceof ApiError) return e;
  const err = e as { code?: string; errno?: number; message?: string; sqlMessage?: string; fatal?: boolean };
  const code = String(err?.code ?? "");
  if (CONNECTION_CODES.has(code) || /^E[A-Z]+$/.test(code) || (!err?.errno && !err?.sqlMessage)) return classifyConnectionError(e, where);
  return databaseError("mysql", scrub(String(err?.sqlMessage ?? err?.message ?? e)));
}
