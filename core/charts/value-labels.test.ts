import { expect, test } from "vitest";
import { barValuePlace, cellValuePlace, falls } from "./value-labels";
import { drawChart } from "../render/draw-chart";
import { pluginCharts } from "../render/test-charts";
import { recordingText } from "../render/test-text";

test("a heatmap cell's value sits at the cell's centre, in the cell", () => {
  expect(cellValuePlace({ x: 10, y: 20, width: 40, height: 30 })).toEqual({ x: 30, y: 35, baseline: "middle", inside: true });
});

test("a bar's value sits above a rising bar and below a falling one (pixels grow downwards)", () => {
  // a rising floating bar from 200 px (its start) up to 120 px
  expect(barValuePlace({ x: 50, y: 120, base: 200 }, false)).toEqual({ x: 50, y: 117, baseline: "bottom", inside: false });
  // a falling one drawn from 120 px down to 160 px
  expect(barValuePlace({ x: 80, y: 160, base: 120 }, true)).toEqual({ x: 80, y: 163, baseline: "top", inside: false });
});

test("falls: negative numbers and floating bars that end lower than they start", () => {
  expect([falls(-3), falls(3), falls([100, 70]), falls([70, 120]), falls([0, 0]), falls(null)]).toEqual([true, false, true, false, false, false]);
});

const drawnTexts = (input: Parameters<typeof drawChart>[0]) => {
  const rec = recordingText();
  drawChart(input, rec);
  return rec.drawn.map((d) => d.text);
};

test("heatmap with Show Values: each cell's value is drawn; without it, none", () => {
  const heatmap = pluginCharts.heatmap_v2;
  const shown = drawnTexts(heatmap);
  expect(shown).toEqual(expect.arrayContaining(["10", "0", "5"]));
  const hidden = drawnTexts({ ...heatmap, formData: { ...heatmap.formData, show_values: false, show_legend: false } });
  expect(hidden).not.toContain("5");
});

test("waterfall with Show Values: every bar's change and the total are drawn", () => {
  const formData = { viz_type: "waterfall", x_axis: "quarter", groupby: [], metric: "delta", show_value: true, y_axis_format: ",d" };
  const data = [{ quarter: "Q1", delta: 1000 }, { quarter: "Q2", delta: -300 }, { quarter: "Q3", delta: 450 }];
  const input = { formData, queriesData: [{ data, colnames: ["quarter", "delta"], coltypes: [1, 0] }], width: 600, height: 300 };
  const texts = drawnTexts(input);
  expect(texts).toEqual(expect.arrayContaining(["1,000", "-300", "450", "1,150"]));
  expect(drawnTexts({ ...input, formData: { ...formData, show_value: false } })).not.toContain("-300");
});
