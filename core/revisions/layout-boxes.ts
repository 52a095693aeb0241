import { childrenOf, componentText, GRID_DEFAULT_CHART_WIDTH, GRID_DEFAULT_HEIGHT, parseLayout, ROOT_ID, type Layout, type LayoutComponent } from "../dashboards/layout";

// The History panel's "Compare drawn" of a dashboard (issue 34): a saved position_json turned into the boxes of
// a small map of its grid (rows, columns with their widths, tabs by name, headers, markdown, charts by name), each
// chart or markdown box marked when it is only in this state or has another size in the other one. Drawn by
// app/features/history/LayoutMap.tsx with plain divs.

export type BoxChange = "added" | "removed" | "resized";

export type LayoutBox =
  | { kind: "row"; id: string; children: LayoutBox[] }
  | { kind: "column"; id: string; width: number; children: LayoutBox[] }
  | { kind: "tabs"; id: string; tabs: { id: string; name: string; children: LayoutBox[] }[] }
  | { kind: "chart"; id: string; chartId: number | null; label: string; width: number; height: number; change?: BoxChange }
  | { kind: "markdown"; id: string; text: string; width: number; height: number; change?: BoxChange }
  | { kind: "header"; id: string; text: string }
  | { kind: "divider"; id: string };

/** What makes a chart the same chart in both states: its chart id (a re-added chart gets a new component id). */
const keyOf = (c: LayoutComponent) => (c.type === "CHART" && typeof c.meta.chartId === "number" ? `chart:${c.meta.chartId}` : c.id);

/** Sizes of the charts and markdowns of a layout, by key, in grid columns and rows. */
function sizes(layout: Layout): Map<string, { width: number; height: number }> {
  const out = new Map<string, { width: number; height: number }>();
  const visit = (id: string, parent: LayoutComponent | undefined, seen: Set<string>) => {
    const c = layout[id];
    if (!c || seen.has(id)) return;
    seen.add(id);
    if (c.type === "CHART" || c.type === "MARKDOWN") out.set(keyOf(c), sizeOf(c, parent));
    for (const child of c.children) visit(child, c, seen);
  };
  visit(ROOT_ID, undefined, new Set());
  return out;
}

/** A chart's or markdown's width (its column's, inside a column, as the dashboard draws it) and height. */
function sizeOf(c: LayoutComponent, parent: LayoutComponent | undefined) {
  const w = parent?.type === "COLUMN" ? parent.meta.width : c.meta.width;
  return { width: w && w > 0 ? w : GRID_DEFAULT_CHART_WIDTH, height: c.meta.height && c.meta.height > 0 ? c.meta.height : GRID_DEFAULT_HEIGHT };
}

/**
 * The boxes of `position` (a position_json text or object), top to bottom. With `other` (the state it is
 * compared to) and `side`, a chart or markdown absent from `other` is "removed" on the "before" side and "added"
 * on the "after" side, and one in both with another width or height is "resized". `chartNames` (by chart id)
 * label charts the layout does not name.
 */
export function layoutBoxes(position: unknown, compared?: { other: unknown; side: "before" | "after" }, chartNames?: ReadonlyMap<number, string>): LayoutBox[] {
  const layout = parseLayout(position);
  const otherSizes = compared ? sizes(parseLayout(compared.other)) : null;
  const seen = new Set<string>();
  const changeOf = (c: LayoutComponent, size: { width: number; height: number }): BoxChange | undefined => {
    if (!otherSizes || !compared) return undefined;
    const there = otherSizes.get(keyOf(c));
    if (!there) return compared.side === "before" ? "removed" : "added";
    return there.width !== size.width || there.height !== size.height ? "resized" : undefined;
  };
  const box = (c: LayoutComponent, parent: LayoutComponent | undefined): LayoutBox[] => {
    if (seen.has(c.id)) return [];
    seen.add(c.id);
    const inner = () => childrenOf(layout, c.id).flatMap((child) => box(child, c));
    switch (c.type) {
      case "ROOT": case "GRID": return inner();
      case "ROW": return [{ kind: "row", id: c.id, children: inner() }];
      case "COLUMN": return [{ kind: "column", id: c.id, width: c.meta.width && c.meta.width > 0 ? c.meta.width : GRID_DEFAULT_CHART_WIDTH, children: inner() }];
      case "TABS": return [{ kind: "tabs", id: c.id, tabs: childrenOf(layout, c.id).filter((t) => t.type === "TAB" && !seen.has(t.id)).map((t) => {
        seen.add(t.id);
        return { id: t.id, name: componentText(t), children: childrenOf(layout, t.id).flatMap((child) => box(child, t)) };
      }) }];
      case "TAB": return inner();
      case "CHART": {
        const size = sizeOf(c, parent);
        const id = typeof c.meta.chartId === "number" ? c.meta.chartId : null;
        const label = c.meta.sliceNameOverride || (id !== null ? chartNames?.get(id) : undefined) || c.meta.sliceName || (id !== null ? `Chart ${id}` : "Chart");
        return [{ kind: "chart", id: c.id, chartId: id, label, ...size, change: changeOf(c, size) }];
      }
      case "MARKDOWN": {
        const size = sizeOf(c, parent);
        return [{ kind: "markdown", id: c.id, text: c.meta.code ?? "", ...size, change: changeOf(c, size) }];
      }
      case "HEADER": return [{ kind: "header", id: c.id, text: componentText(c) }];
      case "DIVIDER": return [{ kind: "divider", id: c.id }];
      default: return [];
    }
  };
  const root = layout[ROOT_ID];
  return root ? box(root, undefined) : [];
}

/** The boxes of a map that carry a change mark, depth first (what the map's legend counts). */
export function changedBoxes(boxes: readonly LayoutBox[]): Extract<LayoutBox, { change?: BoxChange }>[] {
  const out: Extract<LayoutBox, { change?: BoxChange }>[] = [];
  const visit = (b: LayoutBox) => {
    if ((b.kind === "chart" || b.kind === "markdown") && b.change) out.push(b);
    if (b.kind === "row" || b.kind === "column") b.children.forEach(visit);
    if (b.kind === "tabs") b.tabs.forEach((t) => t.children.forEach(visit));
  };
  boxes.forEach(visit);
  return out;
}
