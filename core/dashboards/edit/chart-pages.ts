import type { BuilderChartItem } from "./charts";

// The builder pane's Charts list read page by page (GET /api/v1/chart/ serves at most 100 rows a page, as
// FAB_API_MAX_PAGE_SIZE does): each page is appended as the user scrolls, until the list's count is reached.
// A chart saved between two reads shifts a changed_on ordering by a row, so a chart already listed is not
// listed twice.

/** The most rows GET /api/v1/chart/ answers in a page. */
export const BUILDER_PAGE_SIZE = 100;

export interface ChartPages {
  items: BuilderChartItem[];
  /** how many charts match the search (the list API's count) */
  count: number;
  /** the page to read next, or null when every match is listed */
  nextPage: number | null;
}

export const NO_PAGES: ChartPages = { items: [], count: 0, nextPage: 0 };

/** The list after page `page` answered `result` of `count` matches (page 0 starts a new list). */
export function addChartPage(before: ChartPages, page: number, result: BuilderChartItem[], count: number): ChartPages {
  const kept = page === 0 ? [] : before.items;
  const seen = new Set(kept.map((c) => c.id));
  const items = [...kept, ...result.filter((c) => !seen.has(c.id))];
  // an empty or short page ends the list even if the count says more (rows deleted meanwhile)
  const more = items.length < count && result.length === BUILDER_PAGE_SIZE;
  return { items, count, nextPage: more ? page + 1 : null };
}
