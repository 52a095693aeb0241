import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { chartOwners, charts, dashboardCharts, dashboardOwners, dashboards, databases, datasetColumns, datasetMetrics, datasetOwners, datasets, savedQueries } from "../schema";
import { insertChunks } from "../d1-params";
import { loadExisting, nextId } from "./existing";
import { planImport, type ExistingState, type ImportPlan, type Importer, type Step } from "../../core/bundles/plan";
import { IMPORTS, type ParsedBundle, type BundleErrors } from "../../core/bundles/parse";
import { LegacyFilterError, migrateLegacyFilters } from "../../core/dashboards/filters/legacy";
import { chartRow, columnRows, dashboardRow, databaseRow, datasetRow, metricRows, savedQueryRow } from "../../core/bundles/import-rows";
import { chartUuidsOf, dashboardForImport } from "../../core/bundles/remap";
import { encryptSecret } from "../../core/security/crypto";
import { ensureDatabasePermission, ensureDatasetPermissions } from "../security/data-access-permissions";
import { forgetDatasets } from "../datasets/cache";
import { assertMayLink, linkedOf, NOTHING_LINKED } from "../dashboards/link-guard";
import { nativeFilterDatasetIds } from "../../core/dashboards/data-grant";
import { bundleTagNames, tagImportedObjects, type ImportedObject } from "../tags/bundle-tags";
import { revisionWrites } from "../revisions/store";
import { DEFAULT_REVISIONS_KEPT } from "../../core/revisions/revisions";
import { chartsByExportedId, isDrawable, migratedChartRows } from "../../core/bundles/legacy-charts";
import { dropFilterBoxes } from "../../core/charts/legacy-migration/filter-box-layout";
import { removableFilterBoxes, type ImportNotes } from "../../core/bundles/legacy-notes";

// Runs an import plan as one D1 batch (one transaction): new rows get their ids before the batch, so charts,
// dashboards and their layouts can name them; a failing statement rolls the whole bundle back.

export interface ImportOptions {
  resource: keyof typeof IMPORTS;
  overwrite: boolean;
  syncColumns: boolean;
  syncMetrics: boolean;
  secret: string;
  /** REVISIONS_KEPT: an import keeps a revision of each dataset, chart, dashboard and saved query it writes (a
   * migrated legacy chart two: its legacy form data, then today's) */
  revisionsKept?: number;
}

/** `datasets`: the ids of datasets the import wrote (a live dashboard on one refreshes at once) */
export type ImportResult = ({ ok: true; counts: Record<string, number>; datasets: number[] } & ImportNotes) | { ok: false; errors: BundleErrors };

type Item = BatchItem<"sqlite">;

export async function importBundle(db: Database, bundle: ParsedBundle, who: Importer, opts: ImportOptions): Promise<ImportResult> {
  const existing = await loadExisting(db, bundle);
  const plan = planImport(bundle, existing, opts.resource, opts.overwrite, who);
  if (Object.keys(plan.errors).length) return { ok: false, errors: plan.errors };

  const now = new Date().toISOString();
  const audit = { changed_by_fk: who.id, changed_on: now };
  const revision = { actor: who.id, message: "Imported from a bundle", keep: opts.revisionsKept ?? DEFAULT_REVISIONS_KEPT };
  const ids = new Map<string, number>(); // bundle uuid → id here
  const counters: Record<string, number> = {};
  const take = async (table: "dbs" | "tables" | "slices" | "dashboards") => (counters[table] = counters[table] ?? (await nextId(db, table))) && counters[table]++;
  for (const step of plan.steps) {
    const table = ({ database: "dbs", dataset: "tables", chart: "slices", dashboard: "dashboards" } as const)[step.kind as "database"];
    ids.set(step.config.data.uuid as string, step.id ?? (table ? await take(table) : 0));
  }
  const idOf = (uuid: string) => ids.get(uuid) ?? existing.databases.get(uuid)?.id ?? existing.datasets.get(uuid)?.id ?? 0;

  await assertImportMayLink(db, plan, existing, ids, who);
  const items: Item[] = [];
  const newDatabases: { id: number; name: string }[] = [];
  const newDatasets: number[] = [];
  const tagged: ImportedObject[] = [];
  // filter boxes that become native filters of the bundle's dashboards are not imported (Superset deletes them)
  const removedBoxes = removableFilterBoxes(plan.steps);
  const notes: ImportNotes = { migrated: [], unavailable: [] };
  const { keep } = revision;
  const byExportedId = chartsByExportedId(bundle.chart.map((c) => c.data), bundle.dashboard.map((c) => c.data));
  const writes = plan.steps.filter((s) => s.action !== "keep" && !removedBoxes.has(s.config.data.uuid as string));
  for (const step of writes) {
    const d = step.config.data;
    const id = ids.get(d.uuid as string)!;
    const create = step.action === "create";
    if (step.kind === "chart" || step.kind === "dashboard" || step.kind === "saved_query") {
      const tags = bundleTagNames(d.tags);
      if ("problem" in tags) return { ok: false, errors: { [step.config.path]: tags.problem } };
      tagged.push({ type: step.kind === "saved_query" ? "query" : step.kind, id: step.kind === "saved_query" ? step.id : id, uuid: d.uuid as string, create, names: tags.names });
    }
    if (step.kind === "database") {
      const { values, password } = databaseRow(d);
      // undefined: the masked URI keeps the stored password (the plan allowed it for the same target only);
      // null: the URI has none, so none is kept
      const row = { ...values, ...(password === undefined ? {} : { password: password ? await encryptSecret(opts.secret, password) : null }) };
      items.push(create
        ? db.insert(databases).values({ ...row, id, uuid: d.uuid as string, created_by_fk: who.id, created_on: now, ...audit })
        : db.update(databases).set({ ...row, ...audit }).where(eq(databases.id, id)));
      if (create) newDatabases.push({ id, name: values.database_name });
    } else if (step.kind === "dataset") {
      const row = datasetRow(d, idOf(d.database_uuid as string));
      if (create) {
        items.push(db.insert(datasets).values({ ...row, id, uuid: d.uuid as string, created_by_fk: who.id, created_on: now, ...audit }));
        items.push(db.insert(datasetOwners).values({ table_id: id, user_id: who.id }));
        newDatasets.push(id);
      } else {
        items.push(db.update(datasets).set({ ...row, ...audit }).where(eq(datasets.id, id)));
      }
      items.push(...datasetChildren(db, id, d, create, opts, now, who.id));
      items.push(...revisionWrites(db, "dataset", id, revision));
    } else if (step.kind === "chart") {
      const datasetId = idOf(d.dataset_uuid as string);
      // a legacy type is written as it came, kept as a revision, then saved as today's type (one batch)
      const migration = migratedChartRows(d, { datasetIdOf: idOf, byExportedId });
      const row = migration?.legacy ?? chartRow(d, datasetId);
      if (create) {
        items.push(db.insert(charts).values({ ...row, id, uuid: d.uuid as string, created_by_fk: who.id, created_on: now, ...audit }));
        items.push(db.insert(chartOwners).values({ slice_id: id, user_id: who.id }));
      } else items.push(db.update(charts).set({ ...row, ...audit }).where(eq(charts.id, id)));
      if (migration) {
        const { from, to } = migration;
        items.push(...revisionWrites(db, "chart", id, { actor: who.id, message: `Migrated from ${from} on import`, keep }));
        items.push(db.update(charts).set({ ...migration.current, ...audit }).where(eq(charts.id, id)));
        items.push(...revisionWrites(db, "chart", id, { actor: who.id, message: `Saved as ${to} (migrated on import)`, keep }));
        notes.migrated.push({ id, uuid: d.uuid as string, slice_name: row.slice_name, from, to });
      } else {
        items.push(...revisionWrites(db, "chart", id, revision));
        if (!isDrawable(row.viz_type)) notes.unavailable.push({ id, uuid: d.uuid as string, slice_name: row.slice_name, viz_type: row.viz_type });
      }
    } else if (step.kind === "dashboard") {
      const position = d.position as Record<string, unknown>;
      const chartIds = new Map<string, number>();
      for (const uuid of chartUuidsOf(position)) {
        const chartId = ids.get(uuid) ?? existing.charts.get(uuid)?.id;
        if (chartId !== undefined) chartIds.set(uuid, chartId);
      }
      const datasetIds = new Map([...ids].filter(([u]) => plan.steps.some((s) => s.kind === "dataset" && s.config.data.uuid === u)));
      const mapped = dashboardForImport(position, d.metadata as Record<string, unknown>, chartIds, datasetIds);
      // legacy filter boxes of the bundle become native filters, as Superset's migration makes them
      const placed = new Set(chartIds.values());
      const boxes = plan.steps.flatMap((s) => {
        const c = s.config.data as Record<string, unknown>;
        const chartId = s.kind === "chart" ? ids.get(c.uuid as string) : undefined;
        return chartId !== undefined && placed.has(chartId) && c.viz_type === "filter_box"
          ? [{ chartId, datasetId: idOf(c.dataset_uuid as string), params: (c.params ?? {}) as Record<string, unknown>, uuid: c.uuid as string, name: String(c.slice_name) }] : [];
      });
      let metadata: Record<string, unknown>;
      try {
        metadata = migrateLegacyFilters(mapped.metadata, boxes);
      } catch (e) {
        if (e instanceof LegacyFilterError) return { ok: false, errors: { [step.config.path]: e.message } };
        throw e;
      }
      // the boxes whose filters were migrated leave the layout and the dashboard's charts
      const gone = metadata === mapped.metadata ? [] : boxes.filter((b) => removedBoxes.has(b.uuid));
      const layout = dropFilterBoxes(mapped.position, metadata, gone.map((b) => ({ chartId: b.chartId, name: b.name })));
      metadata = layout.metadata;
      for (const b of gone) notes.migrated.push({ id: null, uuid: b.uuid, slice_name: b.name, from: "filter_box", to: "native filters", dashboard: String(d.dashboard_title ?? "") });
      const row = dashboardRow(d, layout.position, metadata);
      if (create) {
        items.push(db.insert(dashboards).values({ ...row, id, uuid: d.uuid as string, created_by_fk: who.id, created_on: now, ...audit }));
        items.push(db.insert(dashboardOwners).values({ dashboard_id: id, user_id: who.id }));
      } else {
        items.push(db.update(dashboards).set({ ...row, ...audit }).where(eq(dashboards.id, id)));
        items.push(db.delete(dashboardCharts).where(eq(dashboardCharts.dashboard_id, id)));
      }
      const goneIds = new Set(gone.map((b) => b.chartId));
      const links = [...new Set(chartIds.values())].filter((slice_id) => !goneIds.has(slice_id)).map((slice_id) => ({ dashboard_id: id, slice_id }));
      for (const chunk of insertChunks(dashboardCharts, links)) items.push(db.insert(dashboardCharts).values(chunk).onConflictDoNothing());
      items.push(...revisionWrites(db, "dashboard", id, revision));
    } else {
      const row = savedQueryRow(d, idOf(d.database_uuid as string));
      items.push(create
        ? db.insert(savedQueries).values({ ...row, uuid: d.uuid as string, user_id: who.id, created_by_fk: who.id, created_on: now, ...audit })
        : db.update(savedQueries).set({ ...row, ...audit }).where(eq(savedQueries.id, step.id!)));
      // a new saved query's id is the database's to give: its revision finds the row by uuid in the same batch
      const queryId = create ? sql`(SELECT ${savedQueries.id} FROM ${savedQueries} WHERE ${savedQueries.uuid} = ${d.uuid as string})` : step.id!;
      items.push(...revisionWrites(db, "saved_query", queryId, revision));
    }
  }
  if (items.length) await db.batch(items as [Item, ...Item[]]);
  for (const d of newDatabases) await ensureDatabasePermission(db, d.id, d.name);
  if (newDatasets.length) await ensureDatasetPermissions(db, newDatasets);
  await tagImportedObjects(db, tagged, who.id);
  forgetDatasets();
  return { ok: true, counts: countOf(writes), datasets: writes.filter((s) => s.kind === "dataset").map((s) => ids.get(s.config.data.uuid as string)!), ...notes };
}

function countOf(steps: Step[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of steps) out[s.kind] = (out[s.kind] ?? 0) + 1;
  return out;
}

/** Columns and metrics: inserted for a new dataset; upserted by name on overwrite, the others dropped with sync_*. */
function datasetChildren(db: Database, tableId: number, d: Record<string, unknown>, create: boolean, opts: ImportOptions, now: string, actor: number): Item[] {
  const items: Item[] = [];
  const columns = columnRows(d).map((c) => ({ ...c, table_id: tableId, uuid: crypto.randomUUID(), created_on: now, changed_on: now, created_by_fk: actor, changed_by_fk: actor }));
  const metrics = metricRows(d).map((m) => ({ ...m, table_id: tableId, uuid: crypto.randomUUID(), created_on: now, changed_on: now, created_by_fk: actor, changed_by_fk: actor }));
  for (const chunk of insertChunks(datasetColumns, columns)) {
    items.push(db.insert(datasetColumns).values(chunk).onConflictDoUpdate({
      target: [datasetColumns.table_id, datasetColumns.column_name],
      set: Object.fromEntries(["verbose_name", "is_dttm", "is_active", "type", "type_generic", "groupby", "filterable", "expression", "description", "python_date_format", "advanced_data_type", "extra", "changed_on", "changed_by_fk"].map((k) => [k, excluded(k)])),
    }));
  }
  for (const chunk of insertChunks(datasetMetrics, metrics)) {
    items.push(db.insert(datasetMetrics).values(chunk).onConflictDoUpdate({
      target: [datasetMetrics.table_id, datasetMetrics.metric_name],
      set: Object.fromEntries(["verbose_name", "metric_type", "expression", "description", "d3format", "currency", "warning_text", "extra", "changed_on", "changed_by_fk"].map((k) => [k, excluded(k)])),
    }));
  }
  // after the upserts, every row the file names carries this import's changed_on: sync drops the others
  if (!create && opts.syncColumns) items.push(db.delete(datasetColumns).where(and(eq(datasetColumns.table_id, tableId), ne(datasetColumns.changed_on, now))));
  if (!create && opts.syncMetrics) items.push(db.delete(datasetMetrics).where(and(eq(datasetMetrics.table_id, tableId), ne(datasetMetrics.changed_on, now))));
  return items;
}

/** The value the conflicting INSERT carried (SQLite's upsert `excluded.` row). */
const excluded = (column: string): SQL => sql.raw(`excluded.${column}`);

/**
 * The imported dashboards link only data the importer may read (db/dashboards/link-guard.ts): charts already here
 * must be readable; charts the import writes read their datasets, which must be readable unless the import creates
 * them; native filter targets likewise. An overwritten dashboard keeps what it linked before.
 */
async function assertImportMayLink(db: Database, plan: ImportPlan, existing: ExistingState, ids: Map<string, number>, who: Importer): Promise<void> {
  if (who.scope.all) return;
  const createdDatasets = plan.steps.filter((s) => s.kind === "dataset" && s.action === "create").map((s) => ids.get(s.config.data.uuid as string)!);
  const writtenCharts = new Map(plan.steps.filter((s) => s.kind === "chart" && s.action !== "keep").map((s) => [s.config.data.uuid as string, s.config.data]));
  const datasetIdOf = (uuid: string) => ids.get(uuid) ?? existing.datasets.get(uuid)?.id;
  for (const step of plan.steps.filter((s) => s.kind === "dashboard" && s.action !== "keep")) {
    const d = step.config.data;
    const kept: number[] = [];
    const read: number[] = [];
    for (const uuid of chartUuidsOf(d.position as Record<string, unknown>)) {
      const written = writtenCharts.get(uuid);
      const datasetId = written ? datasetIdOf(written.dataset_uuid as string) : undefined;
      if (written && datasetId !== undefined) read.push(datasetId);
      else if (!written && existing.charts.get(uuid)) kept.push(existing.charts.get(uuid)!.id);
    }
    // by uuid (Superset's exports) and by a raw datasetId, which the import keeps as it is
    const targets = [...nativeFilterDatasetUuids(d.metadata).map(datasetIdOf).filter((i): i is number => i !== undefined), ...nativeFilterDatasetIds(d.metadata as Record<string, unknown>)];
    const before = step.action === "update" ? await linkedOf(db, step.id!) : NOTHING_LINKED;
    await assertMayLink(db, who.scope, { charts: before.charts, datasets: [...before.datasets, ...createdDatasets] }, { charts: kept, datasets: [...read, ...targets] });
  }
}

/** The dataset uuids a bundle dashboard's native filters target (Superset writes datasetUuid in exports). */
function nativeFilterDatasetUuids(metadata: unknown): string[] {
  const filters = (metadata as { native_filter_configuration?: unknown } | null)?.native_filter_configuration;
  if (!Array.isArray(filters)) return [];
  return filters.flatMap((f) => (f && Array.isArray(f.targets) ? f.targets : []))
    .map((t: { datasetUuid?: unknown }) => t?.datasetUuid).filter((u): u is string => typeof u === "string");
}
