import { env } from "cloudflare:workers";

// For test files of the worker projects only: they run in the Worker's own workerd, so they read and write its
// metadata D1 directly (the integration project does the same on the local SQLite file: tests/support/local-d1.ts).

/** The rows a statement answers on the Worker's metadata database (binding DB). */
export async function metadataRows<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  return (await (env as unknown as { DB: D1Database }).DB.prepare(sql).all<T>()).results;
}
