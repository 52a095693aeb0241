import type { Env } from "../../services/env";
import type { Database } from "../../db/client";
import type { Connector } from "../../core/connectors/types";
import { executionPayload, queryToDict, wireColumns, type ExecutionPayload } from "../../core/sqllab/payloads";
import { markQuerySucceeded, queryStatus, updateQuery, type QueryRow } from "../../db/sqllab/queries";
import { connectorFor } from "../../services/connectors/registry";
import type { DatabaseRow } from "./database-access";
import { runStatements, type RunOutcome, type RunSpec } from "../../services/sqllab/run-statements";
import { storeResult } from "./results-backend";

// A synchronous SQL Lab run, whose answer carries the rows. What a user waits for is the engine: the
// connection is opened while the run's row is written, a read-only run starts even before that, and the
// bookkeeping that follows the rows (the final status, the results backend) happens after the answer.

/** How often a synchronous run checks whether it was stopped. */
const STOP_POLL_MS = 200;

export interface SyncRun {
  connector: Promise<Connector>;
  controller: AbortController;
  outcome: Promise<RunOutcome> | null;
}

/**
 * Connects to the engine, and starts a read-only run at once, while the caller writes the run's row.
 * Should that row turn out to be a retry of a run still going, the early run is dropped: reading twice
 * harms nothing. A run that may write (DML allowed, CTAS) waits for its row, so a retried client id
 * never writes twice.
 */
export function beginSyncRun(env: Env, database: DatabaseRow, spec: RunSpec, userId: number): SyncRun {
  // read-only runs may share warm connections (the pool clears a session before it lends the connection again)
  const pooled = spec.readOnly && !spec.ctas ? { userId } : undefined;
  const connector = connectorFor(env, database, env.SECRET_KEY ?? "", { pooled });
  connector.then((c) => c.connect?.(), () => {});
  const run: SyncRun = { connector, controller: new AbortController(), outcome: null };
  if (spec.readOnly && !spec.ctas) run.outcome = startOutcome(run, spec);
  return run;
}

function startOutcome(run: SyncRun, spec: RunSpec): Promise<RunOutcome> {
  const outcome = run.connector.then((c) => runStatements(c, spec, run.controller.signal));
  outcome.catch(() => {}); // awaited later, or dropped
  return outcome;
}

/** Abandons a run that will not be answered (its client id belongs to another run). */
export function dropSyncRun(run: SyncRun, background: (p: Promise<unknown>) => void): void {
  run.controller.abort(new Error("dropped"));
  background(run.connector.then((c) => c.close()).catch(() => {}));
}

/** Waits for the rows, watching the run's row for a stop, and answers Superset's execution payload. */
export async function finishSyncRun(
  env: Env,
  db: Database,
  run: SyncRun,
  row: QueryRow,
  spec: RunSpec,
  labels: { database: string; user: string | null },
  background: (p: Promise<unknown>) => void,
): Promise<ExecutionPayload> {
  // A stop request only marks the row: the cancel must be sent from this request, because a Worker may not
  // use I/O of another request (the engine's cancel connection would die with the stop's response), and the
  // stop may land in another isolate. So this run watches its own row while it waits.
  const watcher = setInterval(() => {
    queryStatus(db, row.id)
      .then((status) => {
        if (status === "stopped") run.controller.abort(new Error("stopped"));
      })
      .catch(() => {});
  }, STOP_POLL_MS);
  let outcome: RunOutcome;
  try {
    outcome = await (run.outcome ?? startOutcome(run, spec));
  } finally {
    clearInterval(watcher);
    // saying goodbye to the engine need not hold up the answer
    background(run.connector.then((c) => c.close()).catch(() => {}));
  }
  const columns = wireColumns(outcome.result.columns);
  const resultsKey = crypto.randomUUID();
  const success = {
    status: "success", progress: 100, rows: outcome.result.rows.length, executed_sql: outcome.executedSql,
    limiting_factor: outcome.limitingFactor, end_time: Date.now(), changed_on: new Date().toISOString(),
  } satisfies Partial<QueryRow>;
  // After the answer: the row's final state (unless a stop landed in between: stopped is final), then the
  // rows in the results backend so a reloaded editor finds them (as Superset does with backend
  // persistence), and the key once they are stored.
  background(
    markQuerySucceeded(db, row.id, success)
      .then(() => storeResult(env, row.client_id, { columns, rows: outcome.result.rows, total: outcome.result.rows.length, limitingFactor: outcome.limitingFactor }))
      .then(() => updateQuery(db, row.id, { results_key: resultsKey, end_result_backend_time: Date.now() }))
      .catch((e: unknown) => console.error("recording a SQL Lab result failed:", e instanceof Error ? e.message : e)),
  );
  return executionPayload({ ...queryToDict({ ...row, ...success }, labels), resultsKey }, columns, outcome.result.rows);
}
