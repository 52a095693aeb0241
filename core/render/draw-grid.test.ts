import { expect, test } from "vitest";
import { columnWidths, drawGrid, rowsShown, type Grid } from "./draw-grid";
import { SvgContext } from "./svg-context";
import { recordingText } from "./test-text";

test("rows that do not fit the height are counted on one last line, totals kept", () => {
  // 400 px: 14 rows of 28 px; header + 1 footer leave 12, one of which says how many more
  expect(rowsShown(100, 1, 400)).toEqual({ shown: 11, more: 89 });
  expect(rowsShown(12, 1, 400)).toEqual({ shown: 12, more: 0 });
  expect(rowsShown(14, 0, 400)).toEqual({ shown: 12, more: 2 });
  expect(rowsShown(5, 0, 20)).toEqual({ shown: 0, more: 5 });
});

test("columns widen in proportion to fill the width; too-wide text leaves narrow columns whole", () => {
  expect(columnWidths([100, 300], 800)).toEqual([200, 600]);
  // 50 fits its share (1000 / 3): kept; the other two share the remaining 950 equally
  expect(columnWidths([50, 2000, 600], 1000)).toEqual([50, 475, 475]);
});

test("a grid draws header, cells, a cut-off long cell, backgrounds and the count of rows left out", () => {
  const text = recordingText();
  const grid: Grid = {
    align: ["left", "right"],
    head: [{ text: "name" }, { text: "total" }],
    body: Array.from({ length: 30 }, (_, i) => [{ text: i === 0 ? "a very long name ".repeat(20) : `row ${i}` }, { text: `${i * 10}`, background: i === 1 ? "#ffcccc" : undefined }]),
    foot: [[{ text: "Summary" }, { text: "4,350" }]],
    striped: true,
    columnBorders: false,
  };
  const ctx = new SvgContext(300, 200, text);
  drawGrid(grid, ctx, text);
  const strings = text.drawn.map((d) => d.text);
  // 200 px: header + 4 rows + the count line + totals
  expect(strings).toEqual(["name", "total", expect.stringMatching(/^a very long name.*…$/), "0", "row 1", "10", "row 2", "20", "row 3", "30", "Summary", "4,350", "… 26 more rows"]);
  expect(text.drawn.filter((d) => d.bold).map((d) => d.text)).toEqual(["name", "total", "Summary", "4,350"]);
  const svg = ctx.toSvg();
  expect(svg).toContain('fill="#ffcccc"');
  expect(svg).toContain('fill="#f8f9fa"');
});
