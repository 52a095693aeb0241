import { chartIdsOfPositions } from "../dashboards/layout";
import { CHART_STATE_FIELDS, DASHBOARD_STATE_FIELDS } from "./revisions";
import { record } from "./words";

// Turning a kept state back into a save (issue 34). What it names may be gone since: a dashboard's chart, a
// chart's dataset. A restore brings back the rest and says what could not come back, instead of failing or
// saving a layout that points at nothing.

export interface NotRestored {
  type: "chart" | "dataset" | "database";
  id: number;
  name: string | null;
}

/** The fields of a kept state a restore writes, in the shape the save payloads take. */
function fieldsOf(state: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in state) out[f] = state[f];
  return out;
}

/**
 * The dashboard save restoring `state`, with the CHART components of charts not in `existing` taken out of the
 * layout (and rows or columns they leave empty), each listed in `notRestored`.
 */
export function dashboardRestore(state: Record<string, unknown>, existing: ReadonlySet<number>): { values: Record<string, unknown>; notRestored: NotRestored[] } {
  const values = fieldsOf(state, DASHBOARD_STATE_FIELDS);
  if ("published" in values) values.published = Boolean(values.published);
  const positions = record(values.position_json);
  const gone = chartIdsOfPositions(positions).filter((id) => !existing.has(id));
  if (!gone.length) return { values, notRestored: [] };
  const notRestored: NotRestored[] = [];
  const layout = structuredClone(positions) as Record<string, { type?: string; children?: unknown; meta?: { chartId?: number; sliceName?: string } }>;
  const drop = (id: string) => {
    delete layout[id];
    for (const [pid, parent] of Object.entries(layout)) {
      if (!parent || !Array.isArray(parent.children) || !parent.children.includes(id)) continue;
      parent.children = parent.children.filter((c) => c !== id);
      if ((parent.type === "ROW" || parent.type === "COLUMN") && !(parent.children as unknown[]).length) drop(pid);
    }
  };
  for (const [id, c] of Object.entries(layout)) {
    const chartId = c?.type === "CHART" ? c.meta?.chartId : undefined;
    if (chartId === undefined || existing.has(chartId)) continue;
    if (!notRestored.some((n) => n.id === chartId)) notRestored.push({ type: "chart", id: chartId, name: c.meta?.sliceName ?? null });
    drop(id);
  }
  values.position_json = JSON.stringify(layout);
  return { values, notRestored };
}

/**
 * The chart save restoring `state`; when its dataset is gone (`datasetExists` false) the chart keeps the
 * dataset it has now and the old one is listed in `notRestored`.
 */
export function chartRestore(
  state: Record<string, unknown>, datasetExists: boolean, current: { datasource_id: number | null; datasource_type: string | null },
): { values: Record<string, unknown>; notRestored: NotRestored[] } {
  const values = fieldsOf(state, CHART_STATE_FIELDS);
  if (datasetExists || typeof values.datasource_id !== "number") return { values, notRestored: [] };
  const notRestored: NotRestored[] = [{ type: "dataset", id: values.datasource_id, name: null }];
  delete values.datasource_id;
  delete values.datasource_type;
  // the params name the dataset too ("12__table"): they must name the one the chart keeps
  const params = record(values.params);
  if (current.datasource_id !== null) params.datasource = `${current.datasource_id}__${current.datasource_type ?? "table"}`;
  else delete params.datasource;
  values.params = JSON.stringify(params);
  return { values, notRestored };
}
