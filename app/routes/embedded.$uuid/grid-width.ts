import { BAR_COLLAPSED_WIDTH, BAR_WIDTH } from "../../features/dashboard/filters/bar-width";

// The dashboard grid's width inside an embedded page, before it is laid out: what the server draws the charts'
// first paint at. The page has `md` padding on each side (16 px) and, unless the host hides it, the vertical
// filter bar with an `md` gap beside the grid, open or collapsed as the host asked. A dashboard whose bar is
// horizontal gets its drawings a little narrower than its cells, and still shows them until its charts draw.

const PAGE_PADDING = 16;
const BAR_GAP = 16;

export function embeddedGridWidth(viewportWidth: number, ui: { showFilters: boolean; expandFilters: boolean }): number {
  const bar = ui.showFilters ? (ui.expandFilters ? BAR_WIDTH : BAR_COLLAPSED_WIDTH) + BAR_GAP : 0;
  return Math.max(0, Math.round(viewportWidth - 2 * PAGE_PADDING - bar));
}
