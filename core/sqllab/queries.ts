import { RESULTS_SOUTH_PANE_TAB } from "./constants";
import { alterQueryEditor, editorWithUnsaved } from "./editors";
import type { Query, QueryResults, SqlLabState, SupersetErrorPayload } from "./types";

// SQL Lab's query-run transitions. Every function returns a new state and never mutates.

const alterQuery = (state: SqlLabState, id: string, changes: Partial<Query>): SqlLabState =>
  state.queries[id] ? { ...state, queries: { ...state.queries, [id]: { ...state.queries[id], ...changes } } } : state;

/**
 * A new run clears the previous result data of its tab, is added, and becomes the tab's latest query. A run
 * from the editor shows the Results pane whatever pane was showing (Superset's startQuery sets the south
 * pane to Results); a table's data preview leaves the panes to the table.
 */
export function startQuery(state: SqlLabState, query: Query, now: number): SqlLabState {
  let queries = state.queries;
  const editorId = query.sqlEditorId;
  if (editorId) {
    const qe = editorWithUnsaved(state, editorId);
    const previous = qe?.latestQueryId ? queries[qe.latestQueryId] : undefined;
    if (previous) queries = { ...queries, [previous.id]: { ...previous, results: { ...previous.results, data: [], query: undefined } } };
  }
  const pane = query.isDataPreview ? {} : { activeSouthPaneTab: RESULTS_SOUTH_PANE_TAB };
  const next: SqlLabState = { ...state, ...pane, queries: { ...queries, [query.id]: query } };
  if (!editorId || !state.queryEditors.some((qe) => qe.id === editorId)) return next;
  return alterQueryEditor(next, editorId, { latestQueryId: query.id }, now, query.isDataPreview);
}

/** Results are being fetched (after an async run finished, or a sync answer is being read). */
export function requestQueryResults(state: SqlLabState, id: string): SqlLabState {
  return alterQuery(state, id, { state: "fetching" });
}

/**
 * Success applies only when the result status is success and the run was not stopped meanwhile
 * (a stopped run is final): progress 100, errors cleared, rows and limiting factor from the answer.
 */
export function querySuccess(state: SqlLabState, id: string, results: QueryResults, now: number): SqlLabState {
  const query = state.queries[id];
  if (!query || query.state === "stopped" || results.status !== "success") return state;
  const q = results.query ?? {};
  return alterQuery(state, id, {
    endDttm: now,
    progress: 100,
    results,
    rows: q.rows ?? results.data?.length ?? 0,
    state: "success",
    executedSql: q.executedSql,
    limitingFactor: q.limitingFactor,
    tempSchema: q.tempSchema,
    tempTable: q.tempTable,
    errorMessage: null,
    errors: undefined,
    cached: false,
    ...(q.resultsKey ? { resultsKey: q.resultsKey } : {}),
  });
}

/** A failure stores errors, message, link and end time; ignored once the run was stopped. */
export function queryFailed(state: SqlLabState, id: string, message: string, errors: SupersetErrorPayload[] | undefined, link: string | null | undefined, now: number): SqlLabState {
  const query = state.queries[id];
  if (!query || query.state === "stopped") return state;
  return alterQuery(state, id, { state: "failed", errors, errorMessage: message, endDttm: now, link: link ?? null });
}

export function stopQuery(state: SqlLabState, id: string, now: number): SqlLabState {
  return alterQuery(state, id, { state: "stopped", endDttm: now, results: null });
}

/** DELETE /tabstateview/{editorId}/query/{queryId} succeeded, or the user removed a run from the history. */
export function removeQuery(state: SqlLabState, id: string): SqlLabState {
  const { [id]: _gone, ...queries } = state.queries;
  return { ...state, queries };
}

/** Results fetched from the results backend are gone from memory (kept only as a key). */
export function clearQueryResults(state: SqlLabState, id: string): SqlLabState {
  const query = state.queries[id];
  if (!query) return state;
  return alterQuery(state, id, { results: { ...query.results, data: [] }, cached: true });
}

/**
 * Merge the server's changed queries (GET /api/v1/query/updated_since). Queries held locally as
 * stopped or failed are ignored; a server success keeps a local fetching, success or running state
 * (the browser is already reading the result); a synchronous success without results is fetching.
 */
export function refreshQueries(state: SqlLabState, altered: Record<string, Partial<Query> & { changed_on?: string }>): SqlLabState {
  let queriesLastUpdate = state.queriesLastUpdate;
  let changed = false;
  const queries = { ...state.queries };
  for (const [id, incoming] of Object.entries(altered)) {
    const local = state.queries[id];
    if (local && (local.state === "stopped" || local.state === "failed")) continue;
    const ts = incoming.changed_on ? Date.parse(incoming.changed_on.endsWith("Z") || /[+-]\d\d:?\d\d$/.test(incoming.changed_on) ? incoming.changed_on : `${incoming.changed_on}Z`) : NaN;
    if (Number.isFinite(ts) && ts > queriesLastUpdate) queriesLastUpdate = ts;
    const prev = local?.state;
    const merged = {
      ...local,
      ...incoming,
      ...(incoming.startDttm ? { startDttm: Number(incoming.startDttm) } : {}),
      ...(incoming.endDttm ? { endDttm: Number(incoming.endDttm) } : {}),
      state: incoming.state === "success" && prev && ["fetching", "success", "running"].includes(prev) ? prev : incoming.state ?? prev,
    } as Query;
    if (merged.state === "success" && merged.runAsync === false && !merged.results) merged.state = "fetching";
    // Compare without results: a result can hold 100,000 rows and its object is replaced, never edited.
    const withoutResults = (x: Query) => JSON.stringify({ ...x, results: undefined });
    if (!local || merged.results !== local.results || withoutResults(merged) !== withoutResults(local)) {
      queries[id] = merged;
      changed = true;
    }
  }
  return { ...state, queries: changed ? queries : state.queries, queriesLastUpdate };
}

/**
 * Drop runs that are running or pending, older than `interval` and still at progress 0 (the server
 * never picked them up); the others take their stored result status when they have a results key.
 */
export function clearInactiveQueries(state: SqlLabState, interval: number, now: number): SqlLabState {
  const queries = Object.fromEntries(
    Object.entries(state.queries)
      .filter(([, q]) => !(["running", "pending"].includes(q.state) && now - q.startDttm > interval && q.progress === 0))
      .map(([id, q]) => [id, q.resultsKey && q.results?.status ? { ...q, state: q.results.status as Query["state"] } : q]),
  );
  return { ...state, queries };
}

export function costEstimateStarted(state: SqlLabState, id: string): SqlLabState {
  return { ...state, queryCostEstimates: { ...state.queryCostEstimates, [id]: { completed: false, cost: null, error: null } } };
}

export function costEstimateReturned(state: SqlLabState, id: string, cost: unknown[]): SqlLabState {
  return { ...state, queryCostEstimates: { ...state.queryCostEstimates, [id]: { completed: true, cost, error: null } } };
}

export function costEstimateFailed(state: SqlLabState, id: string, error: string): SqlLabState {
  return { ...state, queryCostEstimates: { ...state.queryCostEstimates, [id]: { completed: false, cost: null, error } } };
}

/** Queries of one tab, newest first (the Query history pane). */
export function queriesOfEditor(state: SqlLabState, editorId: string): Query[] {
  return Object.values(state.queries)
    .filter((q) => q.sqlEditorId === editorId && !q.isDataPreview)
    .sort((a, b) => b.startDttm - a.startDttm);
}
