import {
  GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_WIDTH, GRID_DEFAULT_HEIGHT, GRID_MIN_COLUMN_COUNT, ROOT_ID,
  type ComponentType, type Layout, type LayoutComponent,
} from "../layout";

// New layout components and the measures the edit rules need (Superset's newComponentFactory,
// componentIsResizable, getDetailedComponentWidth and isValidChild, written over this project's Layout).

export const GRID_ID = "GRID_ID";
export const GRID_MIN_ROW_UNITS = 5;
export const GRID_MAX_ROW_UNITS = 100;
/** Superset's UNDO_LIMIT; the history keeps UNDO_LIMIT + 2 states */
export const UNDO_LIMIT = 50;

export const MARKDOWN_PLACEHOLDER = "# ✨Header 1\n## ✨Header 2\n### ✨Header 3\n\n<br />\n\nClick here to learn more about [markdown formatting](https://bit.ly/1dQOfRK)";

/** The layout elements the builder pane offers, in its order. */
export const NEW_ELEMENT_TYPES = ["TABS", "ROW", "COLUMN", "HEADER", "MARKDOWN", "DIVIDER"] as const;
export type NewElementType = (typeof NEW_ELEMENT_TYPES)[number] | "CHART" | "TAB";

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";

/** Superset's component ids: the type, a dash and a random 10-character suffix (TAB-x1y2…). */
export function newId(type: string, random: () => number = Math.random): string {
  let s = "";
  for (let i = 0; i < 10; i++) s += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return `${type}-${s}`;
}

function defaultMeta(type: NewElementType): LayoutComponent["meta"] {
  switch (type) {
    case "CHART":
      return { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_HEIGHT };
    case "MARKDOWN":
      return { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_HEIGHT, code: MARKDOWN_PLACEHOLDER };
    case "COLUMN":
      return { width: GRID_DEFAULT_CHART_WIDTH, background: "BACKGROUND_TRANSPARENT" };
    case "ROW":
      return { background: "BACKGROUND_TRANSPARENT" };
    case "HEADER":
      return { text: "New header", headerSize: "MEDIUM_HEADER", background: "BACKGROUND_TRANSPARENT" };
    case "TAB":
      return { text: "", defaultText: "Tab title" };
    default:
      return {};
  }
}

export function newComponent(type: NewElementType, meta: LayoutComponent["meta"] = {}, id = newId(type)): LayoutComponent {
  return { id, type, children: [], parents: [], meta: { ...defaultMeta(type), ...meta } };
}

export const isResizable = (c: Pick<LayoutComponent, "type">): boolean => ["COLUMN", "CHART", "MARKDOWN", "DYNAMIC"].includes(c.type);

/** The id of the component whose children include `id` (null for the root or an unknown id). */
export function parentOf(layout: Layout, id: string): string | null {
  for (const c of Object.values(layout)) if (c.children.includes(id)) return c.id;
  return null;
}

const totalChildWidth = (layout: Layout, id: string): number =>
  (layout[id]?.children ?? []).reduce((n, c) => n + (layout[c]?.meta.width ?? 0), 0);

export interface DetailedWidth {
  width: number | undefined;
  occupied: number | undefined;
  minimum: number | undefined;
}

/** Superset's getDetailedComponentWidth: a row is as wide as its container and occupied by its children. */
export function detailedWidth(layout: Layout, component: LayoutComponent | undefined): DetailedWidth {
  const out: DetailedWidth = { width: undefined, occupied: undefined, minimum: undefined };
  if (!component) return out;
  out.width = component.meta.width;
  out.occupied = out.width;
  if (component.type === "ROW") {
    const parent = parentOf(layout, component.id);
    out.width = (parent ? detailedWidth(layout, layout[parent]).width : undefined) || GRID_COLUMN_COUNT;
    out.occupied = totalChildWidth(layout, component.id);
    out.minimum = out.occupied || GRID_MIN_COLUMN_COUNT;
  } else if (component.type === "COLUMN") {
    out.minimum = GRID_MIN_COLUMN_COUNT;
    out.occupied = 0;
    for (const child of component.children)
      if (layout[child]?.type === "ROW") out.minimum = Math.max(out.minimum, totalChildWidth(layout, child));
  } else if (isResizable(component)) out.minimum = GRID_MIN_COLUMN_COUNT;
  return out;
}

/**
 * The nesting depth the drop rules count (Superset's isValidChild): the root is 0, the grid or a top-level tab
 * 1, and each grid, top-level tab, row or column adds one for its children; a nested TABS and its TABs do not.
 */
export function depthOf(layout: Layout, id: string): number {
  if (id === ROOT_ID) return 0;
  const parent = parentOf(layout, id);
  if (!parent) return 0;
  const p = layout[parent];
  const d = depthOf(layout, parent);
  if (p.type === "ROOT") return 1;
  if (p.type === "TABS") return d;
  // a top-level tab is the grid of its content; a nested tab passes its depth on unchanged
  if (p.type === "TAB") return isTopLevelTab(layout, parent) ? d + 1 : d;
  return d + 1;
}

/** Is this TAB one of the root's TABS (the dashboard's top-level tabs)? */
export function isTopLevelTab(layout: Layout, tabId: string): boolean {
  const tabs = parentOf(layout, tabId);
  return !!tabs && layout[tabs]?.type === "TABS" && parentOf(layout, tabs) === ROOT_ID;
}

const MAX_PARENT_DEPTH: Partial<Record<ComponentType, Partial<Record<ComponentType, number>>>> = {
  ROOT: { TABS: 0, GRID: 0 },
  GRID: { CHART: 1, DYNAMIC: 1, MARKDOWN: 1, COLUMN: 1, DIVIDER: 1, HEADER: 1, ROW: 1, TABS: 1 },
  ROW: { CHART: 4, DYNAMIC: 4, MARKDOWN: 4, COLUMN: 4 },
  TABS: { TAB: 3 },
  TAB: { CHART: 5, DYNAMIC: 5, MARKDOWN: 5, COLUMN: 3, DIVIDER: 5, HEADER: 5, ROW: 3, TABS: 3 },
  COLUMN: { CHART: 5, HEADER: 5, MARKDOWN: 5, ROW: 3, DIVIDER: 3, TABS: 3 },
};

/** May a component of `childType` go into `parentId`? (type pairs and nesting depth) */
export function isValidChild(layout: Layout, parentId: string, childType: ComponentType): boolean {
  const parent = layout[parentId];
  if (!parent) return false;
  const max = MAX_PARENT_DEPTH[parent.type]?.[childType];
  return typeof max === "number" && depthOf(layout, parentId) <= max;
}

/** Superset's shouldWrapChildInRow: a chart, markdown or column dropped on the grid or a tab gets its own row. */
export const wrapsInRow = (parentType: ComponentType, childType: ComponentType): boolean =>
  (parentType === "GRID" || parentType === "TAB") && (childType === "CHART" || childType === "COLUMN" || childType === "MARKDOWN");

/** Sets every component's `parents` to its path from the root (what Superset stores beside each component). */
export function withParents(layout: Layout): Layout {
  const out: Layout = {};
  const visit = (id: string, parents: string[]) => {
    const c = layout[id];
    if (!c || out[id]) return;
    out[id] = { ...c, parents };
    for (const child of c.children) visit(child, [...parents, id]);
  };
  visit(ROOT_ID, []);
  // unreachable entries are kept as they were (Superset keeps them too)
  for (const [id, c] of Object.entries(layout)) if (!out[id]) out[id] = c;
  return out;
}
