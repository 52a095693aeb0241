// What Superset's dashboard import does after turning filter boxes into native filters (native_filters.py,
// migrate_dashboard, then the importer deleting every filter_box chart): each filter box's place in the layout
// becomes a MARKDOWN note saying it was migrated, the legacy default_filters and filter_scopes leave the metadata,
// and the native filters no longer name the removed charts among their excluded ones.

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export interface RemovedBox {
  chartId: number;
  name: string;
}

/** Markdown text is drawn sanitised, but a chart name is text: its markup characters are escaped. */
const escapeText = (s: string) => s.replace(/[&<>"'\\`*_[\]#|]/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function noteFor(name: string): string {
  return `⚠ The ${escapeText(name)} filter-box chart has been migrated to native filters.`;
}

export function dropFilterBoxes(position: Json, metadata: Json, boxes: RemovedBox[]): { position: Json; metadata: Json } {
  if (!boxes.length) return { position, metadata };
  const byId = new Map(boxes.map((b) => [b.chartId, b]));
  const pos = structuredClone(position);
  const renamed = new Map<string, string>();
  for (const [key, node] of Object.entries(pos)) {
    if (!isObj(node) || node.type !== "CHART" || !isObj(node.meta)) continue;
    const box = typeof node.meta.chartId === "number" ? byId.get(node.meta.chartId) : undefined;
    if (!box) continue;
    const newKey = key.startsWith("CHART-") ? key.replace("CHART-", "MARKDOWN-") : `MARKDOWN-${key}`;
    renamed.set(key, newKey);
    delete pos[key];
    const { width, height } = node.meta;
    pos[newKey] = { ...node, id: newKey, type: "MARKDOWN", meta: { width: width ?? 4, height: height ?? 50, code: noteFor(box.name) } };
  }
  for (const node of Object.values(pos)) {
    if (!isObj(node)) continue;
    for (const rel of ["children", "parents"]) {
      const list = node[rel];
      if (Array.isArray(list)) node[rel] = list.map((k) => (typeof k === "string" ? renamed.get(k) ?? k : k));
    }
  }
  const meta = structuredClone(metadata);
  delete meta.default_filters;
  delete meta.filter_scopes;
  if (Array.isArray(meta.native_filter_configuration)) {
    for (const f of meta.native_filter_configuration) {
      if (isObj(f) && isObj(f.scope) && Array.isArray(f.scope.excluded)) f.scope.excluded = f.scope.excluded.filter((id) => !byId.has(id as number));
    }
  }
  return { position: pos, metadata: meta };
}
