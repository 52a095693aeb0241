import { expect, test } from "vitest";
import { chartThumbnailDigest, dashboardThumbnailDigest, isDigest } from "./digest";

const chart = { id: 7, changedOn: "2026-12-01T10:00:00", params: '{"viz_type":"pie"}', queryContext: null, vizType: "pie" };

test("a chart's digest changes with the chart and with the viewer, and has md5's shape", async () => {
  const base = await chartThumbnailDigest(chart, 1);
  expect(isDigest(base)).toBe(true);
  expect(await chartThumbnailDigest(chart, 1)).toBe(base);
  expect(await chartThumbnailDigest(chart, 2)).not.toBe(base);
  expect(await chartThumbnailDigest({ ...chart, params: '{"viz_type":"pie","row_limit":10}' }, 1)).not.toBe(base);
  expect(await chartThumbnailDigest({ ...chart, changedOn: "2026-12-02T10:00:00" }, 1)).not.toBe(base);
});

test("a dashboard's digest follows its layout and its charts' changes, in any order of charts", async () => {
  const dashboard = { id: 3, changedOn: "2026-12-01", positionJson: "{}", jsonMetadata: "{}", chartsChangedOn: ["a", "b"] };
  const base = await dashboardThumbnailDigest(dashboard, 1);
  expect(await dashboardThumbnailDigest({ ...dashboard, chartsChangedOn: ["b", "a"] }, 1)).toBe(base);
  expect(await dashboardThumbnailDigest({ ...dashboard, chartsChangedOn: ["a", "c"] }, 1)).not.toBe(base);
  expect(await dashboardThumbnailDigest({ ...dashboard, positionJson: '{"x":1}' }, 1)).not.toBe(base);
  expect(await dashboardThumbnailDigest(dashboard, 9)).not.toBe(base);
});

test("only 32 lowercase hex characters are a digest", () => {
  expect(isDigest("0123456789abcdef0123456789abcdef")).toBe(true);
  expect(isDigest("0123456789ABCDEF0123456789abcdef")).toBe(false);
  expect(isDigest("../../etc")).toBe(false);
});
