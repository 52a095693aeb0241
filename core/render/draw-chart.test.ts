import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { drawChart, drawLayout, NotDrawable } from "./draw-chart";
import { fontTextEngine } from "./font-text";

const font = (name: string) => {
  const b = readFileSync(`node_modules/@expo-google-fonts/inter/${name}`);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};
const text = fontTextEngine(font("400Regular/Inter_400Regular.ttf"), font("700Bold/Inter_700Bold.ttf"));

const start = Date.UTC(2024, 0, 1);
const line = {
  formData: { viz_type: "echarts_timeseries_line", x_axis: "ds", time_grain_sqla: "P1D", metrics: ["count"], groupby: [], show_legend: true, x_axis_time_format: "smart_date", y_axis_format: "SMART_NUMBER" },
  queriesData: [{ colnames: ["ds", "count"], coltypes: [2, 0], data: Array.from({ length: 50 }, (_, i) => ({ ds: start + i * 86_400_000, count: 100 + i })) }],
  width: 600, height: 300,
};

test("a line chart drawn through transformProps and Chart.js: one SVG with the series, axis labels as glyph paths, few elements", () => {
  const { svg, width, height } = drawChart(line, text);
  expect([width, height]).toEqual([600, 300]);
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="600" height="300"/);
  // the series' colour (supersetColors' first) strokes the line; text is outlined, so no <text> for the rasteriser
  expect(svg).toMatch(/stroke="#1FA8C9"/i);
  expect(svg).not.toContain("<text");
  // grid lines, ticks, labels and the line join into a few paths rather than one per point or glyph
  expect(svg.split("<path").length - 1).toBeLessThan(30);
});

test("chart types drawn by Chart.js plugins or as tables are named, not drawn blank", () => {
  const table = { ...line, formData: { viz_type: "table", query_mode: "raw", all_columns: ["ds"] }, chartName: "Raw rows" };
  expect(() => drawChart(table, text)).toThrow(NotDrawable);
  expect(() => drawChart(table, text)).toThrow(/"Raw rows" is a Table chart \(table\), which cannot be drawn on the server yet/);
  expect(() => drawChart({ ...line, formData: { viz_type: "no_such_viz" } }, text)).toThrow(/does not know \(no_such_viz\)/);
});

test("a layout places each chart at its spot; one that cannot be drawn is a panel with the reason", () => {
  const { svg, notices } = drawLayout([
    { ...line, x: 0, y: 0 },
    { ...line, formData: { viz_type: "table" }, chartName: "Rows", x: 600, y: 0 },
  ], 1200, 300, text);
  expect(svg).toContain('<svg x="0" y="0" width="600" height="300"');
  expect(svg).toContain('<svg x="600" y="0" width="600" height="300"');
  expect(notices).toEqual([expect.stringContaining('"Rows" is a Table chart')]);
  // clip ids stay apart between the charts
  const ids = [...svg.matchAll(/<clipPath id="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
});
