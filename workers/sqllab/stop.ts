import type { Env } from "../../services/env";
import type { Database } from "../../db/client";
import { notFound } from "../../core/http/errors";
import { ownQueryByClientId, updateQueryIfStatus } from "../../db/sqllab/queries";
import type { QueryJob } from "../../durable-objects/query-job";

// Stopping a run: the row turns `stopped` first (stopped is final, so a result arriving later is
// ignored), then the statement is cancelled where it runs: the QueryJob is told for asynchronous runs; a
// synchronous run watches its own row and cancels from its own request (workers/sqllab/execute.ts).

const FINISHED = new Set(["success", "failed", "timed_out"]);

export function queryJobFor(env: Env, clientId: string): DurableObjectStub<QueryJob> {
  const ns = env.QUERY_JOB as unknown as DurableObjectNamespace<QueryJob>;
  return ns.get(ns.idFromName(`job:${clientId}`));
}

export async function stopQuery(env: Env, db: Database, userId: number, clientId: string): Promise<"OK" | "already_complete"> {
  const row = await ownQueryByClientId(db, clientId, userId);
  if (!row) throw notFound(`Query with client_id ${clientId} not found`);
  if (FINISHED.has(row.status)) return "already_complete";
  if (row.status !== "stopped") {
    const extra = { ...safeExtra(row.extra_json), cancel_query_early: true };
    const changed = await updateQueryIfStatus(db, row.id, row.status, { status: "stopped", end_time: Date.now(), extra_json: JSON.stringify(extra), changed_on: new Date().toISOString() });
    // the run finished between the read and the write: it was not stopped
    if (!changed && FINISHED.has((await ownQueryByClientId(db, clientId, userId))?.status ?? "")) return "already_complete";
  }
  if (safeExtra(row.extra_json).async === true) await queryJobFor(env, clientId).stop();
  return "OK";
}

function safeExtra(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}
