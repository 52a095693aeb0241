import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { idParam, jsonObject } from "../http/input";
import { notFound } from "../../core/http/errors";
import { datasetScope } from "../../core/datasets/access";
import { parseDashboardPayload } from "../../core/dashboards/payloads";
import { parseChartPayload } from "../../core/charts/payloads";
import { chartIdsOfPositions } from "../../core/dashboards/layout";
import { parseState, revisionsKept, takeRevisionMessage, type RevisionType } from "../../core/revisions/revisions";
import { diffDashboardStates } from "../../core/revisions/diff-dashboard";
import { diffChartStates } from "../../core/revisions/diff-chart";
import { chartRestore, dashboardRestore } from "../../core/revisions/restore";
import { record } from "../../core/revisions/words";
import { chartNames, datasetNames, listRevisions, revisionWithPrevious, type RevisionRow } from "../../db/revisions/store";
import { updateDashboard } from "../../db/dashboards/writes";
import { updateChart } from "../../db/charts/writes";
import { loadDataset } from "../../db/datasets/datasets";
import { ownedDashboard, readableDashboard } from "./dashboard";
import { ownedChart, readableChart } from "./chart";

// History (issue 34): /api/v1/{dashboard|chart}/{pk}/revisions. Reading needs can_read on the resource and that
// the caller can see the object; restoring is a save: can_write and ownership (or Admin), and it keeps a
// revision of its own, so a restore can be undone.

export const revisionApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const PERMS = {
  dashboard: { read: requires("can_read", "Dashboard"), write: requires("can_write", "Dashboard") },
  chart: { read: requires("can_read", "Chart"), write: requires("can_write", "Chart") },
} as const;

const visible = (c: C, type: RevisionType, id: number) => (type === "dashboard" ? readableDashboard(c, String(id)) : readableChart(c, id));
const owned = (c: C, type: RevisionType, id: number) => (type === "dashboard" ? ownedDashboard(c, id) : ownedChart(c, id));

async function revisionOf(c: C, type: RevisionType, objectId: number) {
  const found = await revisionWithPrevious(c.var.db, type, objectId, idParam(c, "revision_id"));
  if (!found) throw notFound("Revision not found.");
  return found;
}

/** The diff between a revision and the one before, in words (against nothing for the first kept). */
async function diffOf(c: C, type: RevisionType, row: RevisionRow, previous: RevisionRow | null) {
  const before = previous ? parseState(previous.state) : {};
  const after = parseState(row.state);
  if (type === "dashboard") {
    const ids = [...new Set([...chartIdsOfPositions(record(before.position_json)), ...chartIdsOfPositions(record(after.position_json))])];
    return diffDashboardStates(before, after, { chartNames: await chartNames(c.var.db, ids) });
  }
  const ids = [before.datasource_id, after.datasource_id].filter((v): v is number => typeof v === "number");
  return diffChartStates(before, after, { datasetNames: await datasetNames(c.var.db, ids) });
}

const shapeRow = (r: RevisionRow) => ({ id: r.id, revision: r.revision, changed_on: r.changed_on, message: r.message });

for (const type of ["dashboard", "chart"] as const) {
  const base = `/api/v1/${type}/:pk/revisions`;

  revisionApi.get(base, PERMS[type].read, async (c) => {
    const obj = await visible(c, type, idParam(c));
    const rows = await listRevisions(c.var.db, type, obj.id);
    return c.json({ count: rows.length, result: rows });
  });

  revisionApi.get(`${base}/:revision_id`, PERMS[type].read, async (c) => {
    const obj = await visible(c, type, idParam(c));
    const { row, previous } = await revisionOf(c, type, obj.id);
    const list = await listRevisions(c.var.db, type, obj.id);
    const changed_by = list.find((r) => r.id === row.id)?.changed_by ?? null;
    return c.json({
      result: { ...shapeRow(row), changed_by, state: parseState(row.state), previous_id: previous?.id ?? null, diff: await diffOf(c, type, row, previous) },
    });
  });

  revisionApi.post(`${base}/:revision_id/restore`, PERMS[type].write, async (c) => {
    const p = principalOf(c);
    const obj = await owned(c, type, idParam(c));
    const { row } = await revisionOf(c, type, obj.id);
    const body = c.req.header("content-type")?.includes("json") ? await jsonObject(c) : {};
    const message = takeRevisionMessage(body) ?? `Restored revision ${row.revision}`;
    const meta = { actor: p.id, message, keep: revisionsKept(c.env.REVISIONS_KEPT) };
    const state = parseState(row.state);
    if (type === "dashboard") {
      const named = chartIdsOfPositions(record(state.position_json));
      const existing = new Set((await chartNames(c.var.db, named)).keys());
      const { values, notRestored } = dashboardRestore(state, existing);
      const payload = parseDashboardPayload(values, "update");
      await updateDashboard(c.var.db, obj.id, payload, p.id, datasetScope(p), meta);
      return c.json({ id: obj.id, result: { restored_revision: row.revision, not_restored: notRestored } });
    }
    const current = obj as { datasource_id: number | null; datasource_type: string | null };
    const datasetId = typeof state.datasource_id === "number" ? state.datasource_id : null;
    const datasetExists = datasetId === null || (await loadDataset(c.var.db, datasetId, datasetScope(p)).then(() => true, () => false));
    const { values, notRestored } = chartRestore(state, datasetExists, current);
    await updateChart(c.var.db, obj.id, parseChartPayload(values, "update"), p.id, meta);
    return c.json({ id: obj.id, result: { restored_revision: row.revision, not_restored: notRestored } });
  });
}
