import { expect, test } from "vitest";
import { CHART_TYPES } from "./registry";
import { matchingVizTypes } from "./search";

test("the chart type search reads names, descriptions and tags in any case; an empty one keeps every type", () => {
  expect(matchingVizTypes("  ")).toEqual(Object.keys(CHART_TYPES));
  expect(matchingVizTypes("BAR")).toContain("echarts_timeseries_bar");
  expect(matchingVizTypes("pie")).toContain("pie");
  expect(matchingVizTypes("no such chart type")).toEqual([]);
});
