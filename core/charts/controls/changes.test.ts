import { expect, test } from "vitest";
import { getChartType } from "../registry";
import { changedKeys, needsQuery } from "./changes";

const panel = getChartType("pie")!.controlPanel;
const base = { viz_type: "pie", groupby: ["a"], metric: "count", color_scheme: "supersetColors", sort_by_metric: true };

test("render-only controls redraw; query controls and unknown keys ask for a new query", () => {
  expect(changedKeys(base, { ...base, color_scheme: "d3Category10", donut: true })).toEqual(["color_scheme", "donut"]);
  expect(needsQuery(panel, base, { ...base, color_scheme: "d3Category10", donut: true, label_type: "value" })).toBe(false);
  expect(needsQuery(panel, base, { ...base, groupby: ["a", "b"] })).toBe(true);
  expect(needsQuery(panel, base, { ...base, sort_by_metric: false })).toBe(true);
  expect(needsQuery(panel, base, { ...base, extra_form_data: { filters: [{ col: "a", op: "IN", val: ["x"] }] } })).toBe(true);
  expect(needsQuery(panel, base, { ...base })).toBe(false);
});

test("a save giving the chart its slice_id asks for no new query (Superset shows no 'Controls changed' after a save)", () => {
  expect(needsQuery(panel, base, { ...base, slice_id: 12 })).toBe(false);
  expect(needsQuery(panel, { ...base, slice_id: 12 }, { ...base, slice_id: 13 })).toBe(false);
  expect(needsQuery(panel, { ...base, slice_id: 12 }, { ...base, slice_id: 13, groupby: ["b"] })).toBe(true);
});
