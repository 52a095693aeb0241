import type { Database } from "../client";
import { charts, dashboardCharts, dashboards, databases, datasetColumns, datasetMetrics, datasets, savedQueries } from "../schema";
import {
  chartConfig, dashboardConfig, databaseConfig, datasetConfig, exportRoot, fileName, metadataFile, parsedJson, savedQueryConfig, toYaml,
} from "../../core/bundles/export-configs";
import { dashboardForExport, defaultPosition } from "../../core/bundles/remap";
import { writeBundleZip } from "../../core/bundles/zip";
import { inList } from "../d1-params";
import { customTagNamesOf } from "../tags/bundle-tags";

// Superset's export commands: the asked rows with every dependency (a dashboard brings its charts, their datasets
// and those datasets' databases; a database brings its datasets), written as one ZIP bundle.

export type ExportKind = "dashboard" | "chart" | "dataset" | "database" | "saved_query" | "assets";

const METADATA_TYPES: Record<ExportKind, string> = { dashboard: "Dashboard", chart: "Slice", dataset: "SqlaTable", database: "Database", saved_query: "SavedQuery", assets: "assets" };

export interface Selection {
  dashboards: number[];
  charts: number[];
  datasets: number[];
  databases: number[];
  savedQueries: number[];
}

type Json = Record<string, unknown>;

export async function exportBundle(db: Database, kind: ExportKind, sel: Selection, now = new Date()): Promise<{ name: string; bytes: Uint8Array }> {
  const dashRows = await db.select().from(dashboards).where(inList(dashboards.id, sel.dashboards)).all();
  const links = await db.select().from(dashboardCharts).where(inList(dashboardCharts.dashboard_id, sel.dashboards)).all();
  const positions = new Map(dashRows.map((d) => [d.id, objectOf(d.position_json)]));
  const chartIds = new Set([...sel.charts, ...links.map((l) => l.slice_id)]);
  for (const pos of positions.values()) for (const id of chartIdsIn(pos)) chartIds.add(id);
  const chartRows = await db.select().from(charts).where(inList(charts.id, [...chartIds])).all();
  const datasetIds = new Set([...sel.datasets, ...chartRows.filter((c) => c.datasource_id !== null).map((c) => c.datasource_id!)]);
  const dbOfDatasets = sel.databases.length ? await db.select({ id: datasets.id }).from(datasets).where(inList(datasets.database_id, sel.databases)).all() : [];
  for (const r of dbOfDatasets) datasetIds.add(r.id);
  const dsRows = await db.select().from(datasets).where(inList(datasets.id, [...datasetIds])).all();
  const cols = await db.select().from(datasetColumns).where(inList(datasetColumns.table_id, [...datasetIds])).all();
  const mets = await db.select().from(datasetMetrics).where(inList(datasetMetrics.table_id, [...datasetIds])).all();
  const sqRows = await db.select().from(savedQueries).where(inList(savedQueries.id, sel.savedQueries)).all();
  const databaseIds = new Set([...sel.databases, ...dsRows.map((d) => d.database_id), ...sqRows.filter((q) => q.db_id !== null).map((q) => q.db_id!)]);
  const dbRows = await db.select().from(databases).where(inList(databases.id, [...databaseIds])).all();

  const [chartTags, dashboardTags] = await Promise.all([customTagNamesOf(db, "chart", chartRows.map((c) => c.id)), customTagNamesOf(db, "dashboard", dashRows.map((d) => d.id))]);
  const files = new Map<string, string>();
  files.set("metadata.yaml", metadataFile(METADATA_TYPES[kind], now));
  const dbById = new Map(dbRows.map((d) => [d.id, d]));
  for (const d of dbRows) files.set(`databases/${fileName(d.database_name, d.id, true)}.yaml`, toYaml(databaseConfig(d)));
  const dsUuid = new Map(dsRows.map((d) => [d.id, d.uuid]));
  for (const d of dsRows) {
    const database = dbById.get(d.database_id)!;
    const config = datasetConfig({ ...d, columns: cols.filter((c) => c.table_id === d.id), metrics: mets.filter((m) => m.table_id === d.id) }, database.uuid);
    files.set(`datasets/${fileName(database.database_name, database.id, true)}/${fileName(d.table_name, d.id)}.yaml`, toYaml(config));
  }
  const chartUuid = new Map(chartRows.map((c) => [c.id, c.uuid]));
  for (const c of chartRows) {
    const datasetUuid = c.datasource_id !== null ? dsUuid.get(c.datasource_id) : undefined;
    if (!datasetUuid) continue; // a chart without its dataset cannot be imported anywhere
    files.set(`charts/${fileName(c.slice_name, c.id)}.yaml`, toYaml(chartConfig(c, datasetUuid, chartTags.get(c.id) ?? [])));
  }
  for (const d of dashRows) {
    let position = positions.get(d.id)!;
    if (!Object.keys(position).length) {
      const mine = chartRows.filter((c) => links.some((l) => l.dashboard_id === d.id && l.slice_id === c.id));
      position = defaultPosition(mine.map((c) => ({ id: c.id, uuid: c.uuid, name: c.slice_name })));
    }
    const out = dashboardForExport(position, objectOf(d.json_metadata), chartUuid, dsUuid);
    files.set(`dashboards/${fileName(d.dashboard_title, d.id)}.yaml`, toYaml(dashboardConfig(d, out.position, out.metadata, dashboardTags.get(d.id) ?? [])));
  }
  for (const q of sqRows) {
    const database = q.db_id !== null ? dbById.get(q.db_id) : undefined;
    if (!database) continue;
    const folder = `queries/${fileName(database.database_name, database.id, true)}/${q.schema ? `${fileName(q.schema, 0, true)}/` : ""}`;
    files.set(`${folder}${fileName(q.label || "query", q.id)}.yaml`, toYaml(savedQueryConfig(q, database.uuid)));
  }
  const root = exportRoot(kind, now);
  return { name: `${root}.zip`, bytes: writeBundleZip(root, files) };
}

function objectOf(text: string | null): Json {
  const v = parsedJson(text);
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {};
}

function chartIdsIn(position: Json): number[] {
  const out: number[] = [];
  for (const node of Object.values(position)) {
    const meta = (node as { type?: string; meta?: { chartId?: unknown } } | null)?.meta;
    if ((node as { type?: string })?.type === "CHART" && typeof meta?.chartId === "number") out.push(meta.chartId);
  }
  return out;
}
