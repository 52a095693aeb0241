import type { LayoutBlock } from "./draw-blocks";
import {
  activeTabs, childrenOf, componentText, columnsToPx, GRID_BASE_UNIT, GRID_GUTTER_SIZE, rowsToPx, ROOT_ID, widthInColumns,
  type Layout, type LayoutComponent,
} from "../dashboards/layout";

// Where each chart of a dashboard lands in a dashboard report's picture: Superset's grid (12 columns with 16 px
// gutters, heights in 8 px rows) laid out as the dashboard page lays it: rows side by side, columns stacked,
// only the active tab of each tab set (the report's chosen tab, else the first). Headers, markdown and dividers
// are placed as blocks the render Worker draws (core/render/draw-blocks.ts).

export interface ChartSlot {
  chartId: number;
  /** the layout's title override, else null (the chart's own name) */
  title: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
}

const HEADER_PX = 50;
const DIVIDER_PX = 2 * GRID_BASE_UNIT;

export function dashboardSlots(layout: Layout, gridWidth: number, anchor: string | null = null): { slots: ChartSlot[]; blocks: LayoutBlock[]; height: number } {
  const slots: ChartSlot[] = [];
  const blocks: LayoutBlock[] = [];
  const tabs = activeTabs(layout, anchor);
  const seen = new Set<string>();

  /** Lays `c` out at (x, y) in a box `width` wide; answers the height it takes. */
  function place(c: LayoutComponent, parent: string | undefined, x: number, y: number, width: number): number {
    if (seen.has(c.id)) return 0; // a bad layout naming a component twice (or a cycle) draws it once
    seen.add(c.id);
    switch (c.type) {
      case "ROOT": case "GRID": case "TAB":
        return stack(childrenOf(layout, c.id), c.id, x, y, width);
      case "TABS": {
        const shown = layout[tabs[c.id]];
        return shown ? place(shown, c.id, x, y, width) : 0;
      }
      case "COLUMN":
        return stack(childrenOf(layout, c.id), c.id, x, y, width);
      case "ROW": {
        let left = x, tallest = 0;
        for (const child of childrenOf(layout, c.id)) {
          const w = columnsToPx(widthInColumns(layout, child, c.id), gridWidth);
          tallest = Math.max(tallest, place(child, c.id, left, y, w));
          left += w + GRID_GUTTER_SIZE;
        }
        return tallest;
      }
      case "CHART":
      case "MARKDOWN": {
        const w = Math.round(parent && layout[parent]?.type === "ROW" ? width : Math.min(width, columnsToPx(widthInColumns(layout, c, parent), gridWidth)));
        const h = rowsToPx(c.meta.height);
        if (c.type === "MARKDOWN") blocks.push({ kind: "markdown", code: typeof c.meta.code === "string" ? c.meta.code : "", x: Math.round(x), y, width: w, height: h });
        else if (Number.isSafeInteger(c.meta.chartId)) slots.push({ chartId: c.meta.chartId!, title: c.meta.sliceNameOverride || null, x: Math.round(x), y, width: w, height: h });
        return h;
      }
      case "HEADER":
        blocks.push({ kind: "header", text: componentText(c), size: c.meta.headerSize ?? "MEDIUM_HEADER", x: Math.round(x), y, width: Math.round(width), height: HEADER_PX });
        return HEADER_PX;
      case "DIVIDER":
        blocks.push({ kind: "divider", x: Math.round(x), y, width: Math.round(width), height: DIVIDER_PX });
        return DIVIDER_PX;
      default:
        return 0;
    }
  }

  function stack(children: LayoutComponent[], parent: string, x: number, y: number, width: number): number {
    let top = y;
    for (const child of children) {
      const h = place(child, parent, x, top, width);
      if (h > 0) top += h + GRID_GUTTER_SIZE;
    }
    return Math.max(0, top - y - (top > y ? GRID_GUTTER_SIZE : 0));
  }

  const root = layout[ROOT_ID];
  const height = root ? place(root, undefined, 0, 0, gridWidth) : 0;
  return { slots, blocks, height };
}
