import { expect, test } from "vitest";
import { embeddedGridWidth } from "./grid-width";

test("the embedded grid is the viewport less the page's padding and the filter bar as the host shows it", () => {
  expect(embeddedGridWidth(1280, { showFilters: true, expandFilters: true })).toBe(1280 - 32 - 260 - 16);
  expect(embeddedGridWidth(1280, { showFilters: true, expandFilters: false })).toBe(1280 - 32 - 32 - 16);
  expect(embeddedGridWidth(1280, { showFilters: false, expandFilters: true })).toBe(1248);
  expect(embeddedGridWidth(100, { showFilters: true, expandFilters: true })).toBe(0);
});
