import { metadataTimeoutError } from "../../core/connectors/errors";
import type { Connector } from "../../core/connectors/types";

/**
 * Every metadata call answers within this time or fails with a clear error, on every engine: a server that
 * accepts the connection and then never answers (or keeps dropping it) must not hold a request open until the
 * platform kills it. Statements have their own limits (ExecuteOptions.timeoutMs, set per database).
 */
export const METADATA_TIMEOUT_MS = 10_000;

/**
 * The connector with its metadata calls bounded by `timeoutMs`. On a timeout the connector is closed (its
 * connection is in an unknown state, and closing stops whatever the driver was still trying) and the caller gets
 * CONNECTION_DATABASE_TIMEOUT. Statements, writes and the session calls pass through untouched.
 */
export function withMetadataDeadline(connector: Connector, timeoutMs = METADATA_TIMEOUT_MS): Connector {
  const bounded = <T>(what: string, run: () => Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void connector.close().catch(() => {});
        reject(metadataTimeoutError(connector.engine, what, timeoutMs));
      }, timeoutMs);
    });
    const running = run();
    running.catch(() => {}); // the loser of the race must not become an unhandled rejection
    return Promise.race([running, expired]).finally(() => clearTimeout(timer));
  };
  return {
    ...connector,
    testConnection: () => bounded("testing the connection", () => connector.testConnection()),
    catalogs: () => bounded("listing catalogs", () => connector.catalogs()),
    schemas: (catalog) => bounded("listing schemas", () => connector.schemas(catalog)),
    tables: (schema, catalog) => bounded(`listing the tables of ${schema ?? "the default schema"}`, () => connector.tables(schema, catalog)),
    tableMetadata: (table, schema, catalog) => bounded(`reading the columns of ${table}`, () => connector.tableMetadata(table, schema, catalog)),
    functionNames: () => bounded("listing functions", () => connector.functionNames()),
    explain: (text, options) => bounded("estimating the query cost", () => connector.explain(text, options)),
  };
}
