// Superset's dashboard layout (position_json): a flat map of components by id, each naming its children.
// The tree starts at ROOT_ID; ROOT holds GRID (or one TABS), GRID holds rows, tabs, headers, dividers and
// markdown; rows hold charts, markdown and columns; columns stack charts, markdown, rows... Sizes are in
// grid units: widths in columns of a 12-column grid, heights in 8 px rows (Superset's GRID_BASE_UNIT).

export const GRID_COLUMN_COUNT = 12;
export const GRID_BASE_UNIT = 8;
export const GRID_GUTTER_SIZE = 16;
export const GRID_DEFAULT_CHART_WIDTH = 4;
export const GRID_MIN_COLUMN_COUNT = 1;
/** Superset's default chart and markdown height in grid rows */
export const GRID_DEFAULT_HEIGHT = 50;

export const ROOT_ID = "ROOT_ID";

export type ComponentType =
  | "ROOT" | "GRID" | "ROW" | "COLUMN" | "CHART" | "TABS" | "TAB" | "HEADER" | "MARKDOWN" | "DIVIDER" | "DASHBOARD_HEADER" | "DYNAMIC";

export interface LayoutComponent {
  id: string;
  type: ComponentType;
  children: string[];
  parents?: string[];
  meta: {
    width?: number;
    height?: number;
    chartId?: number;
    sliceName?: string;
    sliceNameOverride?: string;
    text?: string;
    code?: string;
    headerSize?: string;
    background?: string;
    defaultText?: string;
    uuid?: string;
  };
}

export type Layout = Record<string, LayoutComponent>;

const TYPES = new Set<string>(["ROOT", "GRID", "ROW", "COLUMN", "CHART", "TABS", "TAB", "HEADER", "MARKDOWN", "DIVIDER", "DASHBOARD_HEADER", "DYNAMIC"]);

function asComponent(id: string, v: unknown): LayoutComponent | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.type !== "string" || !TYPES.has(o.type)) return null;
  const children = Array.isArray(o.children) ? o.children.filter((c): c is string => typeof c === "string") : [];
  const meta = o.meta && typeof o.meta === "object" && !Array.isArray(o.meta) ? (o.meta as LayoutComponent["meta"]) : {};
  return { id, type: o.type as ComponentType, children, parents: Array.isArray(o.parents) ? (o.parents as string[]) : undefined, meta };
}

/**
 * The layout of a position_json text or object; entries that are not components (DASHBOARD_VERSION_KEY, junk)
 * are left out. A dashboard without a layout (created by the API with no position_json) gets Superset's
 * default: its charts, in order, in rows of three of width 4 (Superset's getEmptyLayout + chart positions).
 */
export function parseLayout(position: unknown, chartIdsWithoutLayout: number[] = []): Layout {
  let raw: unknown = position;
  if (typeof position === "string") {
    try {
      raw = position.trim() ? JSON.parse(position) : null;
    } catch {
      raw = null;
    }
  }
  const layout: Layout = {};
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    for (const [id, v] of Object.entries(raw)) {
      const c = asComponent(id, v);
      if (c) layout[id] = c;
    }
  }
  if (!layout[ROOT_ID]) return defaultLayout(chartIdsWithoutLayout);
  return layout;
}

export function defaultLayout(chartIds: number[]): Layout {
  const layout: Layout = {
    [ROOT_ID]: { id: ROOT_ID, type: "ROOT", children: ["GRID_ID"], meta: {} },
    GRID_ID: { id: "GRID_ID", type: "GRID", children: [], parents: [ROOT_ID], meta: {} },
  };
  const perRow = GRID_COLUMN_COUNT / GRID_DEFAULT_CHART_WIDTH;
  chartIds.forEach((chartId, i) => {
    const rowId = `ROW-default-${Math.floor(i / perRow)}`;
    if (!layout[rowId]) {
      layout[rowId] = { id: rowId, type: "ROW", children: [], parents: [ROOT_ID, "GRID_ID"], meta: { background: "BACKGROUND_TRANSPARENT" } };
      layout.GRID_ID.children.push(rowId);
    }
    const id = `CHART-default-${chartId}`;
    layout[id] = { id, type: "CHART", children: [], parents: [ROOT_ID, "GRID_ID", rowId], meta: { chartId, width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_HEIGHT } };
    layout[rowId].children.push(id);
  });
  return layout;
}

/** Children of a component that exist in the layout (Superset ignores dangling ids). */
export const childrenOf = (layout: Layout, id: string): LayoutComponent[] =>
  (layout[id]?.children ?? []).map((c) => layout[c]).filter((c): c is LayoutComponent => !!c);

/** Every component reachable from the root, depth first, each once (a cycle in a bad layout cannot loop). */
export function walk(layout: Layout, from = ROOT_ID): LayoutComponent[] {
  const out: LayoutComponent[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    const c = layout[id];
    if (!c || seen.has(id)) return;
    seen.add(id);
    out.push(c);
    for (const child of c.children) visit(child);
  };
  visit(from);
  return out;
}

/** Ids of the charts placed in the layout (reachable ones), in layout order, each once. */
export function chartIdsInLayout(layout: Layout): number[] {
  const ids: number[] = [];
  for (const c of walk(layout)) if (c.type === "CHART" && Number.isSafeInteger(c.meta.chartId) && !ids.includes(c.meta.chartId!)) ids.push(c.meta.chartId!);
  return ids;
}

/** Chart ids of every CHART component of a position_json map, reachable or not (what Superset links on save). */
export function chartIdsOfPositions(position: unknown): number[] {
  const ids = new Set<number>();
  if (position && typeof position === "object")
    for (const v of Object.values(position)) {
      const id = (v as { type?: unknown; meta?: { chartId?: unknown } } | null)?.meta?.chartId;
      if ((v as { type?: unknown })?.type === "CHART" && Number.isSafeInteger(id)) ids.add(id as number);
    }
  return [...ids];
}

/** The path of ids from the root to a component (both included); [] when it is not reachable. */
export function pathTo(layout: Layout, target: string): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string): boolean => {
    if (!layout[id] || seen.has(id)) return false;
    seen.add(id);
    path.push(id);
    if (id === target) return true;
    for (const child of layout[id].children) if (visit(child)) return true;
    path.pop();
    return false;
  };
  return visit(ROOT_ID) ? path : [];
}

/**
 * The tab each TABS container shows: the tabs on the path to the anchored component (a URL hash naming a tab,
 * a header or a chart's component id), otherwise each container's first tab.
 */
export function activeTabs(layout: Layout, anchor: string | null): Record<string, string> {
  const active: Record<string, string> = {};
  for (const c of walk(layout)) if (c.type === "TABS" && c.children.length) active[c.id] = childrenOf(layout, c.id)[0]?.id ?? c.children[0];
  if (anchor) {
    const path = pathTo(layout, anchor);
    for (let i = 1; i < path.length; i++) if (layout[path[i]].type === "TAB" && layout[path[i - 1]].type === "TABS") active[path[i - 1]] = path[i];
  }
  return active;
}

/** Width in pixels of a component `columns` grid columns wide in a dashboard `gridWidth` pixels wide. */
export function columnsToPx(columns: number, gridWidth: number): number {
  const n = Math.min(GRID_COLUMN_COUNT, Math.max(GRID_MIN_COLUMN_COUNT, Math.round(columns)));
  const columnWidth = (gridWidth - (GRID_COLUMN_COUNT - 1) * GRID_GUTTER_SIZE) / GRID_COLUMN_COUNT;
  return Math.max(0, n * columnWidth + (n - 1) * GRID_GUTTER_SIZE);
}

/** Height in pixels of a chart or markdown `rows` grid rows high. */
export const rowsToPx = (rows: number | undefined): number => Math.round((rows && rows > 0 ? rows : GRID_DEFAULT_HEIGHT) * GRID_BASE_UNIT);

/**
 * The grid width of a chart or markdown: inside a column it takes the column's width (Superset's ChartHolder
 * uses the parent column's width), elsewhere its own.
 */
export function widthInColumns(layout: Layout, component: LayoutComponent, parentId: string | undefined): number {
  const parent = parentId ? layout[parentId] : undefined;
  const w = parent?.type === "COLUMN" ? parent.meta.width : component.meta.width;
  return w && w > 0 ? w : GRID_DEFAULT_CHART_WIDTH;
}

/** The text shown for a tab or header (Superset's defaults when empty). */
export const componentText = (c: LayoutComponent): string => c.meta.text || c.meta.defaultText || (c.type === "TAB" ? "Tab title" : c.type === "HEADER" ? "New header" : "");

/** The chart title shown on a dashboard: the layout's override, else the chart's own name. */
export const chartTitle = (c: LayoutComponent, sliceName: string | undefined): string => c.meta.sliceNameOverride || sliceName || c.meta.sliceName || "";

export interface TabNode {
  value: string;
  title: string;
  parents: string[];
  children: TabNode[];
}

/**
 * Superset's GET /dashboard/{id_or_slug}/tabs: every tab by id with its title, and the tabs nested as the layout
 * nests them (containers between tabs are looked through). Parents are the path the walk finds, not the
 * `parents` a bundle recorded, which go stale when a component moves.
 */
export function tabTree(layout: Layout): { all_tabs: Record<string, string>; tab_tree: TabNode[] } {
  const all_tabs: Record<string, string> = {};
  const seen = new Set<string>();
  const build = (id: string, path: string[], into: TabNode[]) => {
    for (const child of childrenOf(layout, id)) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      if (child.type === "TAB") {
        const node: TabNode = { value: child.id, title: child.meta.text ?? "", parents: path, children: [] };
        all_tabs[child.id] = node.title;
        into.push(node);
        build(child.id, [...path, child.id], node.children);
      } else build(child.id, [...path, child.id], into);
    }
  };
  const tab_tree: TabNode[] = [];
  if (layout[ROOT_ID]) build(ROOT_ID, [ROOT_ID], tab_tree);
  return { all_tabs, tab_tree };
}
