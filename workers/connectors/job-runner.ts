import { eq } from "drizzle-orm";
import type { ResultColumn } from "../../core/connectors/types";
import { notFound } from "../../core/http/errors";
import { syncTimeoutMs } from "../../core/connectors/limits";
import { openDatabase } from "../../db/client";
import { databases } from "../../db/schema";
import type { Env } from "../env";
import { connectorFor } from "./registry";

/** What an asynchronous query job needs to run; stored in the QueryJob so it survives restarts. */
export interface JobSpec {
  jobId: string;
  channelId: string;
  userId: number;
  databaseId: number;
  sql: string;
  limit: number;
  /** schema to run in, when the editor chose one */
  schema?: string | null;
  /** ms; asynchronous jobs may run longer than the synchronous 30 s */
  timeoutMs?: number;
}

export interface JobResult {
  columns: string[];
  columnTypes: ResultColumn[];
  data: unknown[][];
  /** more rows existed than the limit let through */
  truncated: boolean;
}

/**
 * Runs a job's SQL through the database's connector. The SQL has already passed the SQL gate (the SQL Lab
 * backend calls it before starting a job); this adds the read-only transaction where the engine has one.
 */
export async function runJobQuery(env: Env, spec: JobSpec, signal: AbortSignal): Promise<JobResult> {
  signal.throwIfAborted();
  const [database] = await openDatabase(env.DB).select().from(databases).where(eq(databases.id, spec.databaseId)).limit(1);
  if (!database) throw notFound(`Database ${spec.databaseId} not found`);
  const connector = await connectorFor(env, database, env.SECRET_KEY ?? "");
  try {
    const result = await connector.execute(spec.sql, {
      limit: spec.limit,
      timeoutMs: spec.timeoutMs ?? syncTimeoutMs(env) * 10,
      signal,
      schema: spec.schema ?? null,
      readOnly: !database.allow_dml,
    });
    return { columns: result.columns.map((c) => c.name), columnTypes: result.columns, data: result.rows, truncated: result.truncated };
  } finally {
    await connector.close();
  }
}
