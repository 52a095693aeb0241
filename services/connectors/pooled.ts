import type { Connector } from "../../core/connectors/types";
import { fromWire, type ConnectionPoolRpc, type PooledAnswer } from "./pool-rpc";
import type { ConnectionSpec } from "./types";

/**
 * A connector whose statements run on the database's ConnectionPool Durable Object, on a connection that
 * stays open between requests; everything else (metadata, explain) goes to a direct connector, made (and
 * connected) only if used. Aborting the signal stops the statement in the pool.
 */
export function pooledConnector(pool: DurableObjectStub<ConnectionPoolRpc>, spec: ConnectionSpec, openDirect: () => Connector): Connector {
  let opened: Connector | null = null;
  const direct = () => (opened ??= openDirect());
  return {
    engine: spec.engine,
    async execute(text, options) {
      const { signal, ...rest } = options;
      signal?.throwIfAborted();
      const runKey = crypto.randomUUID();
      const onAbort = () => void pool.cancel(runKey).catch(() => {});
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        const answer = (await pool.execute(spec, text, rest, runKey)) as PooledAnswer;
        if (!answer.ok) throw fromWire(answer.error);
        if (answer.parts === 1) return answer.result;
        // a big result comes in parts, each under the RPC message cap; the pool lets go of each as it is taken
        const parts = [answer.result.rows];
        for (let i = 1; i < answer.parts; i++) {
          const part = (await pool.nextPart(runKey)) as unknown[][] | null;
          if (!part) throw new Error("The connection pool lost part of the result; run the query again.");
          parts.push(part);
        }
        return { ...answer.result, rows: parts.flat() };
      } finally {
        signal?.removeEventListener("abort", onAbort);
      }
    },
    explain: (text, options) => direct().explain(text, options),
    write: (statements, options) => direct().write(statements, options),
    testConnection: () => direct().testConnection(),
    catalogs: () => direct().catalogs(),
    schemas: (catalog) => direct().schemas(catalog),
    tables: (schema, catalog) => direct().tables(schema, catalog),
    tableMetadata: (table, schema, catalog) => direct().tableMetadata(table, schema, catalog),
    functionNames: () => direct().functionNames(),
    close: async () => {
      await opened?.close();
    },
  };
}
