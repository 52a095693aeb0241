import { call } from "../../features/sqllab/api";
import { addNewTab, openSavedQuery } from "../../features/sqllab/tab-actions";

// A query requested from elsewhere opens as a new tab (SPEC §2): navigation state
// ({ requestedQuery }), a posted form (datasource key and sql), or ?savedQueryId=N.

export interface RequestedQuery {
  sql: string;
  dbId?: number | null;
  datasourceKey?: string | null;
  schema?: string | null;
  catalog?: string | null;
  name?: string | null;
  templateParams?: string | null;
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
    ...(req.name ? { name: req.name } : {}), templateParams: req.templateParams ?? null,
  });
}

export async function openRequestsFromUrl(search: string, state: unknown, posted: RequestedQuery | null) {
  const params = new URLSearchParams(search);
  const savedQueryId = Number(params.get("savedQueryId"));
  if (Number.isSafeInteger(savedQueryId) && savedQueryId > 0) await openSavedQuery(savedQueryId);
  const fromState = (state as { requestedQuery?: RequestedQuery } | null)?.requestedQuery;
  if (fromState?.sql) await openRequestedQuery(fromState);
  if (posted) await openRequestedQuery(posted);
}
