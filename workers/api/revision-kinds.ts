import type { Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires, type GuardedHandler } from "../http/guard";
import { notFound } from "../../core/http/errors";
import { datasetScope } from "../../core/datasets/access";
import { parseDashboardPayload } from "../../core/dashboards/payloads";
import { parseChartPayload } from "../../core/charts/payloads";
import { parseDatasetUpdate } from "../../core/datasets/payloads";
import { chartIdsOfPositions } from "../../core/dashboards/layout";
import type { RevisionType } from "../../core/revisions/revisions";
import { diffDashboardStates } from "../../core/revisions/diff-dashboard";
import { diffChartStates } from "../../core/revisions/diff-chart";
import { diffDatasetStates, diffSavedQueryStates } from "../../core/revisions/diff-dataset";
import { chartRestore, dashboardRestore, type NotRestored } from "../../core/revisions/restore";
import { datasetRestore, savedQueryRestore } from "../../core/revisions/restore-data";
import { record, type DiffLine } from "../../core/revisions/words";
import { chartNames, databaseNames, datasetNames, type RevisionMeta } from "../../db/revisions/store";
import { updateDashboard } from "../../db/dashboards/writes";
import { updateChart } from "../../db/charts/writes";
import { columnsAndMetrics, loadDataset } from "../../db/datasets/datasets";
import { ownSavedQuery } from "../../db/sqllab/saved-queries";
import { ownedDashboard, readableDashboard } from "./dashboard";
import { ownedChart, readableChart } from "./chart";
import { ownedDataset, saveDataset } from "./dataset";
import { saveSavedQuery } from "./saved-query";

// What History needs to know of each kind of object (issue 34): who may read and restore its revisions (the
// resource's own permissions and visibility, ownership to restore, as its PUT), how two states differ in words,
// and how a kept state is saved back, saying what could not come back (a chart, dataset or database deleted since).

type C = Context<AppEnv>;
type State = Record<string, unknown>;

export interface RevisionKind {
  read: GuardedHandler;
  write: GuardedHandler;
  /** the object if the caller may see it (else 404) */
  visible: (c: C, id: number) => Promise<{ id: number }>;
  /** the object if the caller may change it (else 403/404) */
  owned: (c: C, id: number) => Promise<{ id: number }>;
  diff: (c: C, before: State, after: State) => Promise<DiffLine[]>;
  /** saves `state` back over the object as a save would, keeping a revision with `meta` */
  restore: (c: C, id: number, state: State, meta: RevisionMeta) => Promise<NotRestored[]>;
}

const numbers = (...vs: unknown[]) => vs.filter((v): v is number => typeof v === "number");

async function ownQuery(c: C, id: number) {
  const row = await ownSavedQuery(c.var.db, id, principalOf(c).id);
  if (!row) throw notFound();
  return row;
}

export const REVISION_KINDS: Record<RevisionType, RevisionKind> = {
  dashboard: {
    read: requires("can_read", "Dashboard"),
    write: requires("can_write", "Dashboard"),
    visible: (c, id) => readableDashboard(c, String(id)),
    owned: ownedDashboard,
    diff: async (c, before, after) => {
      const ids = [...new Set([...chartIdsOfPositions(record(before.position_json)), ...chartIdsOfPositions(record(after.position_json))])];
      return diffDashboardStates(before, after, { chartNames: await chartNames(c.var.db, ids) });
    },
    restore: async (c, id, state, meta) => {
      const p = principalOf(c);
      const existing = new Set((await chartNames(c.var.db, chartIdsOfPositions(record(state.position_json)))).keys());
      const { values, notRestored } = dashboardRestore(state, existing);
      await updateDashboard(c.var.db, id, parseDashboardPayload(values, "update"), p.id, datasetScope(p), meta);
      return notRestored;
    },
  },
  chart: {
    read: requires("can_read", "Chart"),
    write: requires("can_write", "Chart"),
    visible: readableChart,
    owned: ownedChart,
    diff: async (c, before, after) => diffChartStates(before, after, { datasetNames: await datasetNames(c.var.db, numbers(before.datasource_id, after.datasource_id)) }),
    restore: async (c, id, state, meta) => {
      const current = await ownedChart(c, id);
      const datasetId = typeof state.datasource_id === "number" ? state.datasource_id : null;
      const datasetExists = datasetId === null || (await loadDataset(c.var.db, datasetId, datasetScope(principalOf(c))).then(() => true, () => false));
      const { values, notRestored } = chartRestore(state, datasetExists, current);
      await updateChart(c.var.db, id, parseChartPayload(values, "update"), principalOf(c).id, meta);
      return notRestored;
    },
  },
  dataset: {
    read: requires("can_read", "Dataset"),
    write: requires("can_write", "Dataset"),
    visible: async (c, id) => (await loadDataset(c.var.db, id, datasetScope(principalOf(c)))).dataset,
    owned: async (c, id) => (await ownedDataset(c, id)).dataset,
    diff: async (c, before, after) => diffDatasetStates(before, after, { databaseNames: await databaseNames(c.var.db, numbers(before.database_id, after.database_id)) }),
    restore: async (c, id, state, meta) => {
      const { dataset, database } = await ownedDataset(c, id);
      const now = await columnsAndMetrics(c.var.db, id);
      const databaseExists = typeof state.database_id !== "number" || (await databaseNames(c.var.db, [state.database_id])).size > 0;
      const { values, notRestored } = datasetRestore(state, {
        columns: now.columns.map((col) => ({ id: col.id, name: col.column_name })), metrics: now.metrics.map((m) => ({ id: m.id, name: m.metric_name })),
      }, databaseExists);
      await saveDataset(c, dataset, database, parseDatasetUpdate(values), meta);
      return notRestored;
    },
  },
  saved_query: {
    read: requires("can_read", "SavedQuery"),
    write: requires("can_write", "SavedQuery"),
    visible: ownQuery,
    owned: ownQuery,
    diff: async (c, before, after) => diffSavedQueryStates(before, after, { databaseNames: await databaseNames(c.var.db, numbers(before.db_id, after.db_id)) }),
    restore: async (c, id, state, meta) => {
      const existing = await ownQuery(c, id);
      const databaseExists = typeof state.db_id !== "number" || (await databaseNames(c.var.db, [state.db_id])).size > 0;
      const { values, notRestored } = savedQueryRestore(state, databaseExists);
      await saveSavedQuery(c, existing, values, meta);
      return notRestored;
    },
  },
};
