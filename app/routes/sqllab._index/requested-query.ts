import { showToast } from "../../components/toast-store";
import { call } from "../../features/sqllab/api";
import { addNewTab, openSavedQuery } from "../../features/sqllab/tab-actions";

// A query requested from elsewhere opens as a new tab: navigation state
// ({ requestedQuery }), a posted form (datasource key and sql), ?savedQueryId=N (a saved query),
// ?queryId=N (a past run, from Query history), ?id=N (a legacy /kv/ share link) or a permalink key.

export interface RequestedQuery {
  sql: string;
  dbId?: number | null;
  datasourceKey?: string | null;
  schema?: string | null;
  catalog?: string | null;
  name?: string | null;
  templateParams?: string | null;
  autorun?: boolean;
}

export function requestedFromForm(form: FormData): RequestedQuery | null {
  const raw = form.get("form_data");
  let data: Record<string, unknown> = {};
  if (typeof raw === "string") {
    try {
      data = JSON.parse(raw);
    } catch {
      return null;
    }
  } else {
    data = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  }
  const sql = typeof data.sql === "string" ? data.sql : null;
  if (!sql) return null;
  const dbId = Number(data.dbId ?? data.database_id);
  return {
    sql,
    datasourceKey: typeof data.datasourceKey === "string" ? data.datasourceKey : null,
    dbId: Number.isSafeInteger(dbId) && dbId > 0 ? dbId : null,
    schema: typeof data.schema === "string" ? data.schema : null,
    name: typeof data.name === "string" ? data.name : null,
  };
}

export async function openRequestedQuery(req: RequestedQuery) {
  let { dbId, schema } = req;
  const datasetId = req.datasourceKey ? Number(req.datasourceKey.split("__")[0]) : NaN;
  if (!dbId && Number.isSafeInteger(datasetId) && datasetId > 0) {
    try {
      const { result } = await call<{ result: { schema?: string | null; database?: { id: number } } }>("GET", `/api/v1/dataset/${datasetId}`);
      dbId = result.database?.id ?? null;
      schema = schema ?? result.schema ?? null;
    } catch {
      // the tab still opens with the text; the user picks the database
    }
  }
  await addNewTab({
    sql: req.sql, ...(dbId ? { dbId } : {}), schema: schema ?? null, catalog: req.catalog ?? null,
    ...(req.name ? { name: req.name } : {}), templateParams: req.templateParams ?? null, autorun: Boolean(req.autorun),
  });
}

const positiveId = (v: string | null) => {
  const n = Number(v ?? "");
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** A shared query's stored state (Superset's kv and permalink payloads) as a request for a tab. */
function sharedState(data: Record<string, unknown>): RequestedQuery | null {
  if (typeof data.sql !== "string") return null;
  const dbId = Number(data.dbId);
  const name = typeof data.name === "string" ? data.name : typeof data.title === "string" ? data.title : null;
  return {
    sql: data.sql, dbId: Number.isSafeInteger(dbId) && dbId > 0 ? dbId : null, name,
    schema: typeof data.schema === "string" ? data.schema : null, catalog: typeof data.catalog === "string" ? data.catalog : null,
    templateParams: typeof data.templateParams === "string" ? data.templateParams : null, autorun: data.autorun === true,
  };
}

/** A past run from Query history, opened with its SQL, database and schema. */
export async function openPastQuery(id: number) {
  try {
    const { result } = await call<{ result: { sql: string; database: { id: number }; schema: string | null; catalog: string | null; tab_name: string | null } }>("GET", `/api/v1/query/${id}`);
    await openRequestedQuery({ sql: result.sql, dbId: result.database.id, schema: result.schema, catalog: result.catalog });
  } catch {
    showToast("danger", "The query couldn't be loaded");
  }
}

/** A legacy share link, /sqllab/?id=N: the state stored with POST /kv/store/. */
export async function openKvShare(id: number) {
  try {
    const request = sharedState(await call<Record<string, unknown>>("GET", `/kv/${id}`));
    if (!request) throw new Error("not a shared query");
    await openRequestedQuery(request);
  } catch {
    showToast("danger", "The shared query couldn't be loaded");
  }
}

/** A SQL Lab permalink, /sqllab/p/<key>. */
export async function openPermalink(key: string) {
  try {
    const request = sharedState(await call<Record<string, unknown>>("GET", `/api/v1/sqllab/permalink/${encodeURIComponent(key)}`));
    if (!request) throw new Error("not a shared query");
    await openRequestedQuery(request);
  } catch {
    showToast("danger", "The shared query couldn't be loaded");
  }
}

export async function openRequestsFromUrl(search: string, state: unknown, posted: RequestedQuery | null) {
  const params = new URLSearchParams(search);
  const savedQueryId = positiveId(params.get("savedQueryId"));
  if (savedQueryId) await openSavedQuery(savedQueryId);
  const queryId = positiveId(params.get("queryId"));
  if (queryId) await openPastQuery(queryId);
  const kvId = positiveId(params.get("id"));
  if (kvId) await openKvShare(kvId);
  const fromState = (state as { requestedQuery?: RequestedQuery } | null)?.requestedQuery;
  if (fromState?.sql) await openRequestedQuery(fromState);
  if (posted) await openRequestedQuery(posted);
  forgetRequest(params);
}

/** Once opened, the request leaves the address and the history entry, so a reload does not open it again. */
function forgetRequest(params: URLSearchParams) {
  if (typeof window === "undefined") return;
  const had = ["savedQueryId", "queryId", "id"].filter((k) => params.has(k));
  for (const k of had) params.delete(k);
  const state = window.history.state as { usr?: unknown } | null;
  const hasRequestState = Boolean((state?.usr as { requestedQuery?: unknown } | undefined)?.requestedQuery);
  if (!had.length && !hasRequestState) return;
  const rest = params.toString();
  window.history.replaceState(hasRequestState ? { ...state, usr: null } : state, "", `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
}
