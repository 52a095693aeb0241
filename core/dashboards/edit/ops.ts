import { GRID_COLUMN_COUNT, GRID_MIN_COLUMN_COUNT, ROOT_ID, type Layout, type LayoutComponent } from "../layout";
import {
  GRID_ID, GRID_MAX_ROW_UNITS, GRID_MIN_ROW_UNITS, detailedWidth, isResizable, isValidChild, newComponent, parentOf, withParents, wrapsInRow,
  type NewElementType,
} from "./components";

// The edit-mode layout operations of a Superset dashboard: add by drop, move,
// delete, resize, header and markdown text, tabs. Each takes a layout and answers a new one (the input is never
// changed) and, when a drop is refused, the warning Superset shows; an operation that changes nothing answers the
// very same layout object, so the history records no step for it.

export const NOT_ENOUGH_SPACE = "There is not enough space for this component. Try decreasing its width, or increasing the destination width.";
export const TOP_LEVEL_TABS_NOT_NESTED = "Can not move top level tab into nested tabs";
export const NO_CHART_DEFINITION = "Sorry, there is no chart definition associated with the chart trying to be added.";

export type DragSource =
  | { kind: "new"; type: NewElementType; meta?: LayoutComponent["meta"] }
  | { kind: "move"; id: string };

export interface DropTarget {
  parentId: string;
  /** the position among the parent's children, counted before the dragged component is taken out */
  index: number;
}

export interface OpResult {
  layout: Layout;
  warning?: string;
}

const typeOf = (layout: Layout, s: DragSource) => (s.kind === "new" ? s.type : layout[s.id]?.type);

/** Ids of a component and everything below it. */
function subtree(layout: Layout, id: string, into = new Set<string>()): Set<string> {
  if (into.has(id) || !layout[id]) return into;
  into.add(id);
  for (const c of layout[id].children) subtree(layout, c, into);
  return into;
}

/**
 * Where a drop may land, before any width check: the type pair and depth rules, never into itself, and the
 * root only takes a TABS (turning the dashboard's grid into top-level tabs).
 */
export function canDrop(layout: Layout, source: DragSource, parentId: string): boolean {
  const type = typeOf(layout, source);
  if (!type || !layout[parentId]) return false;
  if (source.kind === "move" && subtree(layout, source.id).has(parentId)) return false;
  if (parentId === ROOT_ID) return type === "TABS" && layout[layout[ROOT_ID].children[0]]?.type !== "TABS";
  return isValidChild(layout, parentId, type);
}

/** Superset's getComponentWidthFromDrop: the dragged component's width at its destination, or -1 when it cannot fit. */
export function widthFromDrop(layout: Layout, dragged: LayoutComponent, fromParent: string | null, parentId: string): number | undefined {
  if (fromParent === parentId) return dragged.meta.width;
  const own = detailedWidth(layout, dragged);
  const dest = detailedWidth(layout, layout[parentId]);
  let capacity = Number(dest.width! - dest.occupied!);
  if (Number.isNaN(capacity)) {
    const grand = parentOf(layout, parentId);
    const g = detailedWidth(layout, grand ? layout[grand] : undefined);
    capacity = Number(g.width! - g.occupied!);
  }
  if (Number.isNaN(capacity) || own.width === undefined || Number.isNaN(Number(own.width))) return own.width;
  if (capacity >= own.width) return own.width;
  if (capacity >= (own.minimum ?? GRID_MIN_COLUMN_COUNT)) return capacity;
  return -1;
}

function removeChild(layout: Layout, parentId: string, id: string) {
  layout[parentId] = { ...layout[parentId], children: layout[parentId].children.filter((c) => c !== id) };
}

function insertChild(layout: Layout, parentId: string, index: number, id: string) {
  const children = [...layout[parentId].children];
  children.splice(Math.max(0, Math.min(index, children.length)), 0, id);
  layout[parentId] = { ...layout[parentId], children };
}

/** The dashboard's top-level content: its root TABS, or the grid (made when missing). */
function ensureGrid(layout: Layout) {
  if (!layout[GRID_ID]) layout[GRID_ID] = { id: GRID_ID, type: "GRID", children: [], parents: [ROOT_ID], meta: {} };
}

/** Dropping a TABS on the root: the grid's content moves into the first tab of new top-level tabs. */
function createTopLevelTabs(layout: Layout, source: DragSource): Layout {
  const next = { ...layout };
  const top = next[ROOT_ID].children[0];
  const moving = (next[top]?.children ?? []).filter((c) => source.kind !== "move" || c !== source.id);
  let tabsId: string;
  if (source.kind === "move") {
    tabsId = source.id;
    const from = parentOf(next, tabsId);
    if (from) removeChild(next, from, tabsId);
  } else {
    const tabs = newComponent("TABS");
    const tab = newComponent("TAB");
    tabs.children = [tab.id];
    next[tabs.id] = tabs;
    next[tab.id] = tab;
    tabsId = tabs.id;
  }
  const firstTab = next[tabsId].children[0];
  next[firstTab] = { ...next[firstTab], children: [...next[firstTab].children, ...moving] };
  if (next[top]) next[top] = { ...next[top], children: [] };
  next[ROOT_ID] = { ...next[ROOT_ID], children: [tabsId] };
  return withParents(next);
}

/** Deleting the top-level tabs: every tab's content goes back onto the grid, in tab order. */
export function deleteTopLevelTabs(layout: Layout): Layout {
  const top = layout[ROOT_ID]?.children[0];
  if (!top || layout[top]?.type !== "TABS") return layout;
  const next = { ...layout };
  const content = layout[top].children.flatMap((tab) => layout[tab]?.children ?? []);
  for (const tab of layout[top].children) delete next[tab];
  delete next[top];
  ensureGrid(next);
  next[GRID_ID] = { ...next[GRID_ID], children: content };
  next[ROOT_ID] = { ...next[ROOT_ID], children: [GRID_ID] };
  return withParents(next);
}

/** A component dropped at a target: a new one from the builder pane, or one moved within the layout. */
export function dropComponent(layout: Layout, source: DragSource, target: DropTarget): OpResult {
  const type = typeOf(layout, source);
  const parent = layout[target.parentId];
  if (!type || !parent) return { layout };
  const rootChild = layout[ROOT_ID]?.children[0];
  if (source.kind === "move" && source.id === rootChild && layout[rootChild]?.type === "TABS" && target.parentId !== ROOT_ID)
    return { layout, warning: TOP_LEVEL_TABS_NOT_NESTED };
  if (!canDrop(layout, source, target.parentId)) return { layout };
  if (target.parentId === ROOT_ID) return { layout: createTopLevelTabs(layout, source) };

  const dragged = source.kind === "new" ? newComponent(source.type, source.meta) : layout[source.id];
  const fromParent = source.kind === "move" ? parentOf(layout, source.id) : null;
  const width = widthFromDrop(layout, dragged, fromParent, target.parentId);
  if (typeof width === "number" && width < 0) return { layout, warning: NOT_ENOUGH_SPACE };

  const next: Layout = { ...layout };
  let index = target.index;
  if (fromParent) {
    const from = layout[fromParent].children.indexOf(dragged.id);
    if (fromParent === target.parentId) {
      if (index === from || index === from + 1) return { layout }; // dropped where it already is
      if (index > from) index -= 1;
    }
    removeChild(next, fromParent, dragged.id);
  }
  let placed: LayoutComponent = dragged;
  if (isResizable(dragged) && width !== undefined && width !== dragged.meta.width) placed = { ...dragged, meta: { ...dragged.meta, width: width || undefined } };
  next[placed.id] = placed;
  if (source.kind === "new" && type === "TABS") {
    const tab = newComponent("TAB");
    next[tab.id] = tab;
    next[placed.id] = { ...placed, children: [tab.id] };
  }
  let insertedId = placed.id;
  if (wrapsInRow(parent.type, type)) {
    const row = newComponent("ROW", {}, undefined);
    row.children = [placed.id];
    next[row.id] = row;
    insertedId = row.id;
  }
  insertChild(next, target.parentId, index, insertedId);
  // a row, column or tabs container the move emptied goes too, as in Superset
  let emptied = fromParent && fromParent !== target.parentId ? fromParent : null;
  while (emptied && emptied !== target.parentId && next[emptied].children.length === 0 && ["ROW", "COLUMN", "TABS"].includes(next[emptied].type)) {
    const grand = parentOf(next, emptied);
    if (!grand || grand === ROOT_ID) break;
    removeChild(next, grand, emptied);
    delete next[emptied];
    emptied = grand;
  }
  return { layout: withParents(next) };
}

/** Deletes a component and everything in it; a row left empty goes too, and a tabs container without tabs. */
export function deleteComponent(layout: Layout, id: string): Layout {
  const parentId = parentOf(layout, id);
  if (!parentId || !layout[id]) return layout;
  if (layout[id].type === "TABS" && parentId === ROOT_ID) return deleteTopLevelTabs(layout);
  if (layout[id].type === "TAB" && layout[parentId].children.length <= 1) {
    const tabsParent = parentOf(layout, parentId);
    if (tabsParent === ROOT_ID) {
      const next = { ...layout };
      for (const gone of subtree(layout, parentId)) delete next[gone];
      ensureGrid(next);
      next[GRID_ID] = { ...next[GRID_ID], children: [] };
      next[ROOT_ID] = { ...next[ROOT_ID], children: [GRID_ID] };
      return withParents(next);
    }
    return deleteComponent(layout, parentId);
  }
  const next = { ...layout };
  for (const gone of subtree(layout, id)) delete next[gone];
  removeChild(next, parentId, id);
  if (next[parentId].type === "ROW" && next[parentId].children.length === 0) {
    const grand = parentOf(next, parentId);
    if (grand) {
      removeChild(next, grand, parentId);
      delete next[parentId];
    }
  }
  return withParents(next);
}

/** The width range a component may be resized to: its minimum, up to what its row leaves free. */
export function widthRange(layout: Layout, id: string): { min: number; max: number } | null {
  const c = layout[id];
  const parentId = parentOf(layout, id);
  if (!c || !isResizable(c) || !parentId || layout[parentId].type !== "ROW") return null;
  const row = detailedWidth(layout, layout[parentId]);
  const own = c.meta.width ?? 0;
  const min = detailedWidth(layout, c).minimum ?? GRID_MIN_COLUMN_COUNT;
  const max = Math.max(min, Math.min(GRID_COLUMN_COUNT, (row.width ?? GRID_COLUMN_COUNT) - ((row.occupied ?? 0) - own)));
  return { min, max };
}

/** Resizes a chart, markdown or column in grid units; only a real change makes a new layout. */
export function resizeComponent(layout: Layout, id: string, size: { width?: number; height?: number }): Layout {
  const c = layout[id];
  if (!c || !isResizable(c)) return layout;
  const meta = { ...c.meta };
  const range = widthRange(layout, id);
  if (size.width !== undefined && range) meta.width = Math.min(range.max, Math.max(range.min, Math.round(size.width)));
  if (size.height !== undefined && c.type !== "COLUMN") meta.height = Math.min(GRID_MAX_ROW_UNITS, Math.max(GRID_MIN_ROW_UNITS, Math.round(size.height)));
  if (meta.width === c.meta.width && meta.height === c.meta.height) return layout;
  return { ...layout, [id]: { ...c, meta } };
}

/** Changes meta fields (header text and size, markdown code, tab title, background); unchanged → same layout. */
export function updateMeta(layout: Layout, id: string, patch: Partial<LayoutComponent["meta"]>): Layout {
  const c = layout[id];
  if (!c) return layout;
  const changed = Object.entries(patch).some(([k, v]) => c.meta[k as keyof LayoutComponent["meta"]] !== v);
  return changed ? { ...layout, [id]: { ...c, meta: { ...c.meta, ...patch } } } : layout;
}

/** Adds an empty tab to a tabs container (at the end unless an index is given); answers the layout and its id. */
export function addTab(layout: Layout, tabsId: string, index?: number): { layout: Layout; tabId: string | null } {
  if (layout[tabsId]?.type !== "TABS") return { layout, tabId: null };
  const tab = newComponent("TAB");
  const next = { ...layout, [tab.id]: tab };
  insertChild(next, tabsId, index ?? layout[tabsId].children.length, tab.id);
  return { layout: withParents(next), tabId: tab.id };
}
