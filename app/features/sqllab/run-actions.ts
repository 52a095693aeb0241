import { newClientId } from "../../../core/sqllab/client-id";
import { activeEditor } from "../../../core/sqllab/editors";
import {
  clearQueryResults, costEstimateFailed, costEstimateReturned, costEstimateStarted, queryFailed, querySuccess,
  refreshQueries, requestQueryResults, startQuery, stopQuery,
} from "../../../core/sqllab/queries";
import { STOP_MESSAGES, costEstimateFailureMessage, initialState, runFailureMessage, stopOutcome } from "../../../core/sqllab/query-state";
import type { Query, QueryEditor, QueryResults } from "../../../core/sqllab/types";
import { showToast } from "../../components/toast-store";
import { ApiCallError, call, sqlLabApi } from "./api";
import { waitForJob } from "./async-events";
import { apply, frozenResults, sqlLabStore } from "./store";

// Running, stopping, fetching results, formatting and estimating a SQL Lab run.

export const randomId = () => newClientId((n) => crypto.getRandomValues(new Uint8Array(n)));

function failWith(queryId: string, err: unknown) {
  if (err instanceof ApiCallError) {
    apply((s) => queryFailed(s, queryId, runFailureMessage(err.detail), err.body?.errors as never, err.body?.link, Date.now()));
  } else {
    apply((s) => queryFailed(s, queryId, runFailureMessage({ message: (err as Error)?.message }), undefined, null, Date.now()));
  }
}

function succeed(queryId: string, results: QueryResults) {
  apply((s) => querySuccess(s, queryId, frozenResults(results), Date.now()));
}

/** Builds the run of a tab: the selected text when there is one, else the whole text. */
export function queryForEditor(qe: QueryEditor, opts: { selectedOnly?: boolean; ctas?: { tempTable: string; method: "TABLE" | "VIEW" } } = {}): Query | null {
  const selected = qe.selectedText?.trim() ? qe.selectedText : null;
  const sql = (opts.selectedOnly === false ? null : selected) ?? qe.sql;
  if (!qe.dbId || !sql.trim()) return null;
  const db = sqlLabStore.state.databases[qe.dbId];
  const runAsync = Boolean(db?.allow_run_async);
  return {
    id: randomId(), dbId: qe.dbId, sql, sqlEditorId: qe.id, tab: qe.name, catalog: qe.catalog ?? null, schema: qe.schema ?? null,
    tempTable: opts.ctas?.tempTable ?? "", templateParams: qe.templateParams ?? null, queryLimit: qe.queryLimit ?? sqlLabStore.config.defaultQueryLimit,
    runAsync, ctas: Boolean(opts.ctas), ctas_method: opts.ctas?.method ?? "TABLE", progress: 0, startDttm: Date.now(),
    state: initialState(runAsync), cached: false, isDataPreview: false,
  };
}

export async function runQuery(query: Query) {
  apply((s) => startQuery(s, query, Date.now()));
  try {
    const json = await sqlLabApi.execute(
      {
        client_id: query.id, database_id: query.dbId, json: true, runAsync: query.runAsync, catalog: query.catalog ?? null, schema: query.schema ?? null,
        sql: query.sql, sql_editor_id: query.sqlEditorId, tab: query.tab, tmp_table_name: query.tempTable ?? "", select_as_cta: query.ctas,
        ctas_method: query.ctas_method ?? "TABLE", templateParams: query.templateParams ?? null, queryLimit: query.queryLimit ?? sqlLabStore.config.defaultQueryLimit, expand_data: true,
      },
      typeof location === "undefined" ? "" : location.search,
    );
    if (!query.runAsync || json.status === "success") {
      succeed(query.id, json);
      return;
    }
    if (json.query) apply((s) => refreshQueries(s, { [query.id]: { ...json.query, id: query.id } as never }));
    const event = await waitForJob(query.id);
    const current = sqlLabStore.state.queries[query.id];
    if (!current || current.state === "stopped") return;
    if (event.status === "done" && event.result_url) await fetchResultsFrom(query.id, event.result_url);
    else apply((s) => queryFailed(s, query.id, runFailureMessage({ error: event.errors?.[0]?.message }), event.errors as never, null, Date.now()));
  } catch (err) {
    failWith(query.id, err);
  }
}

async function fetchResultsFrom(queryId: string, url: string) {
  apply((s) => requestQueryResults(s, queryId));
  try {
    succeed(queryId, await call<QueryResults>("GET", url));
  } catch (err) {
    failWith(queryId, err);
  }
}

/** Results kept only in the results backend (after a reload, or an async run) are read by key. */
export async function fetchQueryResults(query: Query, rows: number) {
  if (!query.resultsKey) return;
  apply((s) => requestQueryResults(s, query.id));
  try {
    succeed(query.id, await sqlLabApi.results(query.resultsKey, rows));
  } catch (err) {
    failWith(query.id, err);
  }
}

/**
 * Stop shows `stopped` at once, before the server answers: the answer can take as long as the statement
 * itself where the engine cannot be interrupted (a D1 statement runs to its end, and under `wrangler dev` it
 * holds the whole Worker meanwhile). Stopped is final, so a result arriving later is dropped; the
 * server marks the row stopped too, which makes the run discard what it still returns.
 */
export async function stopRunningQuery(query: Query) {
  apply((s) => stopQuery(s, query.id, Date.now()));
  try {
    const { result } = await sqlLabApi.stop(query.id);
    const outcome = stopOutcome(result);
    showToast(outcome.type, outcome.toast);
  } catch (err) {
    showToast("danger", STOP_MESSAGES.failed(err instanceof Error ? err.message : String(err)));
  }
}

export function clearResults(queryId: string) {
  apply((s) => clearQueryResults(s, queryId));
}

export async function formatEditorSql(qe: QueryEditor): Promise<string | null> {
  try {
    return (await sqlLabApi.formatSql(qe.sql, qe.dbId)).result;
  } catch (err) {
    showToast("danger", err instanceof Error ? err.message : "Unknown error");
    return null;
  }
}

/** Cost estimates are kept per tab id (one estimate popover per tab). */
export async function estimateCost(qe: QueryEditor, templateParams: Record<string, unknown>) {
  const key = qe.id;
  apply((s) => costEstimateStarted(s, key));
  const sql = qe.selectedText?.trim() ? qe.selectedText : qe.sql;
  try {
    const { result } = await sqlLabApi.estimate({ database_id: qe.dbId!, catalog: qe.catalog ?? null, schema: qe.schema ?? null, sql, template_params: templateParams });
    apply((s) => costEstimateReturned(s, key, result));
  } catch (err) {
    apply((s) => costEstimateFailed(s, key, costEstimateFailureMessage(err instanceof ApiCallError ? err.detail : undefined)));
  }
}

export const currentEditor = () => activeEditor(sqlLabStore.state);
