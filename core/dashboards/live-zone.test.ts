import { expect, test } from "vitest";
import { zoneShapesCharts } from "./live-zone";
import { liveScopeKey } from "./live";

// Viewers in different zones share a live scope unless some chart's SQL depends on the zone (issue 29).

const NOW = new Date("2026-12-03T12:00:00Z");
const body = (query: Record<string, unknown>) => ({ datasource: { id: 1, type: "table" }, queries: [{ metrics: ["count"], ...query }] });

test("no time range and no grain: the zone changes nothing", () => {
  expect(zoneShapesCharts([body({}), body({ time_range: "No filter", columns: ["region"] })], NOW)).toBe(false);
  // a range with explicit UTC instants is the same in every zone
  expect(zoneShapesCharts([body({ time_range: "2026-01-01T00:00:00Z : 2026-02-01T00:00:00Z" })], NOW)).toBe(false);
});

test("a relative or calendar range, a temporal filter or a grain makes the zone part of the SQL", () => {
  const cases = [
    body({ time_range: "Last day" }),
    body({ time_range: "2026-01-01 : 2026-02-01" }), // dates without a zone are days of the viewer's calendar
    body({ filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "Last week" }] }),
    body({ extras: { time_grain_sqla: "P1D" }, columns: ["ds"] }),
    body({ columns: [{ label: "ds", sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: "P1M" }] }),
  ];
  for (const c of cases) expect(zoneShapesCharts([body({}), c], NOW), JSON.stringify(c)).toBe(true);
});

test("a body that does not parse keeps the zone (its own request reports the error)", () => {
  expect(zoneShapesCharts([{ queries: "nope" }], NOW)).toBe(true);
});

test("scope keys: zones merge only when the zone is left out", () => {
  const parts = { dashboardId: 7, interval: 10, datasets: [[1, "ok:"]] as [number, string][], masks: {} };
  expect(liveScopeKey({ ...parts, zone: null })).toBe(liveScopeKey({ ...parts, zone: null }));
  expect(liveScopeKey({ ...parts, zone: "Asia/Kolkata" })).not.toBe(liveScopeKey({ ...parts, zone: "America/New_York" }));
});
