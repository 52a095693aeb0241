import type { Env } from "../env";

/** What an asynchronous query job needs to run; stored in the QueryJob so it survives restarts. */
export interface JobSpec {
  jobId: string;
  channelId: string;
  userId: number;
  databaseId: number;
  sql: string;
  limit: number;
}

/**
 * Runs a job's SQL. For now the examples D1 binding answers; the connector registry
 * (workers/connectors/<engine>/) takes over once engines are registered.
 */
export async function runJobQuery(env: Env, spec: JobSpec, signal: AbortSignal): Promise<{ columns: string[]; data: unknown[][] }> {
  signal.throwIfAborted();
  const res = await env.EXAMPLES.prepare(spec.sql).raw({ columnNames: true });
  const [columns, ...rows] = res as unknown as [string[], ...unknown[][]];
  return { columns, data: rows.slice(0, spec.limit) };
}
