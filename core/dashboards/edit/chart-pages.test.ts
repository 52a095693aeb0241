import { expect, test } from "vitest";
import { BUILDER_PAGE_SIZE, NO_PAGES, addChartPage } from "./chart-pages";
import type { BuilderChartItem } from "./charts";

const charts = (from: number, n: number): BuilderChartItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, slice_name: `c${from + i}`, viz_type: "pie", datasource_id: 1, datasource_type: "table" }));

test("over 100 charts are read page by page until the count is listed", () => {
  const first = addChartPage(NO_PAGES, 0, charts(1, BUILDER_PAGE_SIZE), 250);
  expect(first).toMatchObject({ count: 250, nextPage: 1 });
  expect(first.items).toHaveLength(100);
  const second = addChartPage(first, 1, charts(101, BUILDER_PAGE_SIZE), 250);
  expect(second.nextPage).toBe(2);
  const third = addChartPage(second, 2, charts(201, 50), 250);
  expect(third.items.map((c) => c.id)).toEqual(charts(1, 250).map((c) => c.id));
  expect(third.nextPage).toBeNull();
});

test("a new search starts over; a chart listed twice (saved between reads) shows once; a short page ends the list", () => {
  const first = addChartPage(NO_PAGES, 0, charts(1, BUILDER_PAGE_SIZE), 300);
  const shifted = addChartPage(first, 1, charts(100, BUILDER_PAGE_SIZE), 300);
  expect(shifted.items).toHaveLength(199);
  expect(new Set(shifted.items.map((c) => c.id)).size).toBe(199);
  expect(addChartPage(shifted, 0, charts(7, 3), 3)).toEqual({ items: charts(7, 3), count: 3, nextPage: null });
  expect(addChartPage(first, 1, [], 300).nextPage).toBeNull();
});
