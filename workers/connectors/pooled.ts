import type { Connector } from "../../core/connectors/types";
import type { ConnectionPool, PooledAnswer } from "../../durable-objects/connection-pool";
import { fromWire } from "../../durable-objects/connection-pool";

/**
 * A connector whose statements run on the database's ConnectionPool Durable Object, on a connection that
 * stays open between requests; everything else (metadata, explain) goes to `direct`, which connects only if
 * used. Aborting the signal stops the statement in the pool.
 */
export function pooledConnector(pool: DurableObjectStub<ConnectionPool>, spec: Parameters<ConnectionPool["execute"]>[0], direct: Connector): Connector {
  return {
    engine: direct.engine,
    async execute(text, options) {
      const { signal, ...rest } = options;
      signal?.throwIfAborted();
      const runKey = crypto.randomUUID();
      const onAbort = () => void pool.cancel(runKey).catch(() => {});
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        const answer = (await pool.execute(spec, text, rest, runKey)) as PooledAnswer;
        if (answer.ok) return answer.result;
        throw fromWire(answer.error);
      } finally {
        signal?.removeEventListener("abort", onAbort);
      }
    },
    explain: (text, options) => direct.explain(text, options),
    testConnection: () => direct.testConnection(),
    catalogs: () => direct.catalogs(),
    schemas: (catalog) => direct.schemas(catalog),
    tables: (schema, catalog) => direct.tables(schema, catalog),
    tableMetadata: (table, schema, catalog) => direct.tableMetadata(table, schema, catalog),
    close: () => direct.close(),
  };
}
