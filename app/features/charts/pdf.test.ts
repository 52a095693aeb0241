import { expect, test } from "vitest";
import { pageSlices } from "./pdf";

test("a tall dashboard is cut into A4 pages at the page's width, the last page taking what is left", () => {
  // 1,000 px across 190 mm of portrait A4 → 277 mm of page height hold 1,457 px
  expect(pageSlices(1000, 3000, 210, 297)).toEqual([{ top: 0, rows: 1457 }, { top: 1457, rows: 1457 }, { top: 2914, rows: 86 }]);
  expect(pageSlices(2000, 800, 297, 210)).toEqual([{ top: 0, rows: 800 }]);
});
