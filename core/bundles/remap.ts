// A dashboard's layout and metadata name charts by id and native filters name datasets by id. Ids do not travel
// between instances, uuids do: export writes each chart's uuid beside its chartId and each filter target's
// datasetUuid; import maps the old chart ids to the new ones through those uuids (Superset's update_id_refs).

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Export: position with `meta.uuid` on each chart, metadata with filter targets by `datasetUuid`. */
export function dashboardForExport(position: Json, metadata: Json, chartUuids: Map<number, string>, datasetUuids: Map<number, string>): { position: Json; metadata: Json } {
  const pos = structuredClone(position);
  for (const node of Object.values(pos)) {
    if (isObj(node) && node.type === "CHART" && isObj(node.meta) && typeof node.meta.chartId === "number") {
      const uuid = chartUuids.get(node.meta.chartId);
      if (uuid) node.meta.uuid = uuid;
    }
  }
  const meta = structuredClone(metadata);
  for (const filter of listOf(meta.native_filter_configuration)) {
    for (const target of listOf(filter.targets)) {
      if (typeof target.datasetId === "number") {
        const uuid = datasetUuids.get(target.datasetId);
        if (uuid) target.datasetUuid = uuid;
        delete target.datasetId;
      }
    }
  }
  return { position: pos, metadata: meta };
}

/** The chart uuids a layout places, in layout order (the charts a dashboard holds). */
export function chartUuidsOf(position: Json): string[] {
  const out: string[] = [];
  for (const node of Object.values(position)) {
    if (isObj(node) && node.type === "CHART" && isObj(node.meta) && typeof node.meta.uuid === "string" && !out.includes(node.meta.uuid)) out.push(node.meta.uuid);
  }
  return out;
}

/**
 * Import: every chart id reference rewritten to the new ids (`chartIds` by uuid), filter targets back to
 * `datasetId` (`datasetIds` by uuid). Ids with no chart in the new instance are dropped from lists.
 */
export function dashboardForImport(position: Json, metadata: Json, chartIds: Map<string, number>, datasetIds: Map<string, number>): { position: Json; metadata: Json } {
  const pos = structuredClone(position);
  const idMap = new Map<number, number>();
  for (const node of Object.values(pos)) {
    if (!isObj(node) || node.type !== "CHART" || !isObj(node.meta)) continue;
    const meta = node.meta;
    const newId = typeof meta.uuid === "string" ? chartIds.get(meta.uuid) : undefined;
    if (newId === undefined) continue;
    if (typeof meta.chartId === "number") idMap.set(meta.chartId, newId);
    meta.chartId = newId;
  }
  const mapId = (v: unknown): number | undefined => {
    const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
    return typeof n === "number" ? idMap.get(n) : undefined;
  };
  const mapList = (v: unknown) => (Array.isArray(v) ? v.map(mapId).filter((x): x is number => x !== undefined) : v);
  const mapKeys = (v: unknown, inner?: (x: unknown) => unknown) => {
    if (!isObj(v)) return v;
    const out: Json = {};
    for (const [k, x] of Object.entries(v)) {
      const id = mapId(k);
      if (id !== undefined) out[String(id)] = inner ? inner(x) : x;
    }
    return out;
  };

  const meta = structuredClone(metadata);
  if ("timed_refresh_immune_slices" in meta) meta.timed_refresh_immune_slices = mapList(meta.timed_refresh_immune_slices);
  if ("expanded_slices" in meta) meta.expanded_slices = mapKeys(meta.expanded_slices);
  if ("filter_scopes" in meta) {
    meta.filter_scopes = mapKeys(meta.filter_scopes, (scopes) => {
      if (!isObj(scopes)) return scopes;
      for (const scope of Object.values(scopes)) if (isObj(scope) && "immune" in scope) scope.immune = mapList(scope.immune);
      return scopes;
    });
  }
  if (typeof meta.default_filters === "string") {
    try {
      meta.default_filters = JSON.stringify(mapKeys(JSON.parse(meta.default_filters)));
    } catch {
      meta.default_filters = "{}";
    }
  }
  for (const filter of listOf(meta.native_filter_configuration)) {
    if (isObj(filter.scope) && "excluded" in filter.scope) filter.scope.excluded = mapList(filter.scope.excluded);
    if ("chartsInScope" in filter) filter.chartsInScope = mapList(filter.chartsInScope);
    for (const target of listOf(filter.targets)) {
      if (typeof target.datasetUuid === "string") {
        const id = datasetIds.get(target.datasetUuid);
        if (id !== undefined) target.datasetId = id;
        delete target.datasetUuid;
      }
    }
  }
  if ("chart_configuration" in meta) {
    meta.chart_configuration = mapKeys(meta.chart_configuration, (conf) => {
      if (!isObj(conf)) return conf;
      const id = mapId(conf.id);
      if (id !== undefined) conf.id = id;
      if (isObj(conf.crossFilters) && "chartsInScope" in conf.crossFilters) conf.crossFilters.chartsInScope = mapList(conf.crossFilters.chartsInScope);
      return conf;
    });
  }
  if (isObj(meta.global_chart_configuration) && "chartsInScope" in meta.global_chart_configuration) {
    meta.global_chart_configuration.chartsInScope = mapList(meta.global_chart_configuration.chartsInScope);
  }
  return { position: pos, metadata: meta };
}

function listOf(v: unknown): Json[] {
  return Array.isArray(v) ? v.filter(isObj) : [];
}

/** A layout for a dashboard that has none: its charts in rows of three, as Superset builds one on export. */
export function defaultPosition(charts: { id: number; uuid: string; name: string }[]): Json {
  const pos: Json = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: [] as string[], parents: ["ROOT_ID"] },
  };
  const grid = pos.GRID_ID as { children: string[] };
  charts.forEach((chart, i) => {
    const row = `ROW-N-${Math.floor(i / 3)}`;
    if (i % 3 === 0) {
      grid.children.push(row);
      pos[row] = { type: "ROW", id: row, children: [], parents: ["ROOT_ID", "GRID_ID"], meta: { background: "BACKGROUND_TRANSPARENT" } };
    }
    const key = `CHART-${chart.uuid.slice(0, 8)}-${i}`;
    (pos[row] as { children: string[] }).children.push(key);
    pos[key] = { type: "CHART", id: key, children: [], parents: ["ROOT_ID", "GRID_ID", row], meta: { chartId: chart.id, uuid: chart.uuid, sliceName: chart.name, width: 4, height: 50 } };
  });
  return pos;
}
