import { wrapWithLimit } from "../../../core/connectors/limit-statement";
import { classifyConnectionError, scrub } from "../../../core/connectors/errors";
import type { Connector, ExecuteOptions, QueryResult, WriteStatement } from "../../../core/connectors/types";
import { badRequest, ApiError, notFound } from "../../../core/http/errors";
import { cutToLimit, guardQuery } from "../run-guard";
import type { NetworkTarget } from "../types";
import { connectError, parseServerError, queryError } from "./errors";
import { endpointOf, literal, post } from "./http";
import { listFunctions, listSchemas, listTables, readTableMetadata } from "./metadata";
import { readAnswer } from "./results";

/**
 * ClickHouse over its HTTP interface with `fetch` (no driver, no socket): each statement is one POST with its own
 * `query_id`, the row limit as the statement's LIMIT plus `max_result_rows` (both at the server), the timeout as
 * `max_execution_time`, `readonly=1` unless the database allows DML, and KILL QUERY by that id to stop it.
 * The session has no state between requests, so there is nothing to reset or close.
 */
export function clickhouseConnector(target: NetworkTarget): Connector {
  const endpoint = endpointOf(target);
  const where = { engine: "clickhouse", host: target.host, port: target.port, username: target.username, database: target.database };

  /** The answer's text; a server error is thrown as the user's error, a network failure as a connection error. */
  async function send(sql: string, settings: Record<string, string>, signal?: AbortSignal, connecting = false): Promise<string> {
    let response: Response;
    try {
      response = await post(endpoint, sql, settings, signal).catch((e: unknown) => {
        if (!retriesOnFreshConnection(e, settings, signal)) throw e;
        return post(endpoint, sql, settings, signal);
      });
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw classifyConnectionError(e, where);
    }
    const text = await response.text();
    const error = response.ok ? null : parseServerError(text, response.headers.get("x-clickhouse-exception-code"));
    if (error) throw connecting ? connectError(error, where) : queryError(error);
    if (!response.ok) throw classifyConnectionError(new Error(`HTTP ${response.status}: ${scrub(text)}`), where);
    return text;
  }

  /** Rows of a metadata query (never a user's SQL). */
  async function ask(sql: string): Promise<unknown[][]> {
    const text = await send(`${sql}\nFORMAT JSONCompact`, { readonly: "1" }, undefined, true);
    return answerOf(text).rows;
  }

  async function kill(queryId: string) {
    await send(`KILL QUERY WHERE query_id = ${literal(queryId)} ASYNC`, {}).catch(() => {});
  }

  return {
    engine: "clickhouse",
    async execute(text, options: ExecuteOptions): Promise<QueryResult> {
      // a LIMIT cannot follow a statement's SETTINGS clause: max_result_rows alone cuts those at the server
      const limited = options.limit === undefined || /\bSETTINGS\b/i.test(text) ? text : wrapWithLimit(text, options.limit + 1, "clickhouse");
      const queryId = crypto.randomUUID();
      const settings: Record<string, string> = {
        query_id: queryId,
        default_format: "JSONCompact",
        output_format_json_quote_64bit_integers: "1",
      };
      if (options.schema) settings.database = options.schema;
      if (options.timeoutMs) settings.max_execution_time = String(Math.max(1, Math.ceil(options.timeoutMs / 1000)));
      if (options.limit !== undefined) Object.assign(settings, { max_result_rows: String(options.limit + 1), result_overflow_mode: "break" });
      // readonly=2: reads and settings only, and readonly itself cannot be changed back (readonly=1 would also
      // refuse table functions such as numbers()); the SQL gate refuses SETTINGS that touch these limits
      if (options.readOnly) settings.readonly = "2";
      const aborter = new AbortController();
      let killing: Promise<void> | null = null;
      let answer: string;
      try {
        answer = await guardQuery(send(limited, settings, aborter.signal), {
          ...options,
          cancel: () => {
            aborter.abort();
            killing = kill(queryId);
          },
        });
      } catch (e) {
        // the KILL is a request of its own: it must be sent before this request answers, or the platform drops it
        if (killing) await killing;
        throw e;
      }
      // a statement that answers no rows (DDL, INSERT with DML allowed) has an empty body
      if (!answer.trim()) return { columns: [], rows: [], truncated: false };
      const { columns, rows } = answerOf(answer);
      return { columns, rows, truncated: cutToLimit(rows, options.limit) };
    },
    async explain() {
      throw badRequest("ClickHouse databases offer no query plan here.");
    },
    async write(statements: WriteStatement[], options) {
      // no transactions over HTTP: uploads write a staging table and swap it in (EngineUpload.renameSwap)
      // a statement with nothing to bind is sent as written: an upload's INSERT … FORMAT carries rows as data,
      // whose ? and quotes are not SQL
      for (const s of statements) await send(s.params.length ? inlineParameters(s) : s.sql, options.schema ? { database: options.schema } : {});
    },
    async testConnection() {
      await send("SELECT 1", { readonly: "1" }, undefined, true);
    },
    async catalogs() {
      return [];
    },
    schemas: () => listSchemas(ask),
    tables: (schema) => listTables(ask, schema ?? target.database ?? "default"),
    async tableMetadata(table, schema) {
      const inSchema = schema ?? target.database ?? "default";
      const meta = await readTableMetadata(ask, table, inSchema);
      if (!meta) throw notFound(`Table ${table} not found in schema ${inSchema}`);
      return meta;
    },
    functionNames: () => listFunctions(ask),
    async close() {},
  };
}

function answerOf(text: string) {
  try {
    return readAnswer(text);
  } catch {
    // an error met after the first rows were sent ends the body in place of the JSON's end
    const error = parseServerError(text);
    if (error) throw queryError(error);
    throw new ApiError(502, "ClickHouse sent an answer that is not JSONCompact.", "GENERIC_DB_ENGINE_ERROR");
  }
}

/** The HTTP interface binds nothing: each ? of a server-written statement becomes a literal. */
export function inlineParameters(statement: WriteStatement): string {
  let i = 0;
  const out = statement.sql.replace(/'(?:[^'\\]|\\.|'')*'|`(?:[^`\\]|\\.)*`|\?/g, (m) => {
    if (m !== "?") return m;
    if (i >= statement.params.length) throw new Error("More placeholders than parameters");
    const v = statement.params[i++];
    if (v === null) return "NULL";
    if (typeof v === "boolean") return v ? "1" : "0";
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return "NULL";
      return v < 0 ? `(${v})` : String(v);
    }
    return literal(v);
  });
  if (i !== statement.params.length) throw new Error("Fewer placeholders than parameters");
  return out;
}

/**
 * Whether a request that failed before any answer is sent once more. ClickHouse closes an idle keep-alive connection
 * after its keep_alive_timeout (3 s by default), and the platform may send the next request on that connection just
 * as it closes: the request fails with a lost connection though the server is up (a dashboard's charts, asked again
 * a few seconds after they drew, failed this way). Only read-only statements are sent again, which are safe to run
 * twice; a statement that may write is never repeated; a stop (abort) is never undone.
 */
export function retriesOnFreshConnection(e: unknown, settings: Record<string, string>, signal?: AbortSignal): boolean {
  if (signal?.aborted || e instanceof ApiError || !settings.readonly) return false;
  return /connection lost|connection closed|connection reset|refused|cannot connect|disconnected/i.test(String((e as Error)?.message ?? e));
}
