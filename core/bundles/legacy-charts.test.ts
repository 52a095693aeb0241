import { expect, test } from "vitest";
import { chartsByExportedId, migratedChartRows, type BundleCharts } from "./legacy-charts";
import { importSummary, removableFilterBoxes } from "./legacy-notes";
import type { Step } from "./plan";

const legacyLine = {
  slice_name: "Births", viz_type: "line", uuid: "c1", dataset_uuid: "d1",
  params: { viz_type: "line", metrics: ["sum__num"], groupby: ["gender"], granularity_sqla: "ds", time_range: "No filter", datasource: "3__table" },
  query_context: JSON.stringify({ datasource: { id: 3, type: "table" }, queries: [{ metrics: ["sum__num"] }], form_data: { viz_type: "line" } }),
};

const bundle: BundleCharts = { datasetIdOf: () => 12, byExportedId: () => undefined };

test("a legacy chart gives its legacy row, kept as a revision, and a row of today's type with a query context built by that type", () => {
  const m = migratedChartRows(legacyLine, bundle)!;
  expect([m.from, m.to, m.legacy.viz_type, m.current.viz_type]).toEqual(["line", "echarts_timeseries_line", "line", "echarts_timeseries_line"]);
  expect(JSON.parse(m.legacy.params)).toEqual({ ...legacyLine.params, datasource: "12__table" });
  const params = JSON.parse(m.current.params);
  expect(params).toMatchObject({ viz_type: "echarts_timeseries_line", x_axis: "ds", datasource: "12__table", metrics: ["sum__num"] });
  const qc = JSON.parse(m.current.query_context!);
  expect(qc.datasource).toEqual({ id: 12, type: "table" });
  expect(qc.form_data).toEqual(params);
  expect(qc.queries[0].columns[0]).toMatchObject({ columnType: "BASE_AXIS", sqlExpression: "ds" });
  expect(migratedChartRows({ ...legacyLine, viz_type: "echarts_area", params: { viz_type: "echarts_area" } }, bundle)).toBeNull();
});

test("a multi-line chart finds its charts by the ids the bundle's layouts give them, and moves to their dataset", () => {
  const right = { ...legacyLine, uuid: "c2", params: { ...legacyLine.params, metrics: ["count"] } };
  const dashboard = { position: { "CHART-a": { type: "CHART", meta: { chartId: 41, uuid: "c1" } }, "CHART-b": { type: "CHART", meta: { chartId: 42, uuid: "c2" } } } };
  const byExportedId = chartsByExportedId([legacyLine, right], [dashboard]);
  expect(byExportedId(42)).toEqual({ viz_type: "line", params: right.params, dataset_uuid: "d1" });
  const multi = { slice_name: "Both", viz_type: "line_multi", uuid: "m", dataset_uuid: "d9", params: { viz_type: "line_multi", line_charts: [41], line_charts_2: [42], time_range: "Last year" } };
  const m = migratedChartRows(multi, { datasetIdOf: (u) => (u === "d1" ? 12 : 99), byExportedId })!;
  expect([m.from, m.to, m.legacy.datasource_id, m.current.datasource_id]).toEqual(["line_multi", "mixed_timeseries", 99, 12]);
  expect(JSON.parse(m.current.params)).toMatchObject({ metrics: ["sum__num"], metrics_b: ["count"], datasource: "12__table" });
  expect(migratedChartRows(multi, { datasetIdOf: () => 12, byExportedId: () => undefined })).toBeNull();
});

const step = (kind: Step["kind"], data: Record<string, unknown>, action: Step["action"] = "create"): Step => ({ kind, action, config: { path: `${kind}s/x.yaml`, data } });
const placing = (uuid: string, meta: Record<string, unknown> = {}, action: Step["action"] = "create") =>
  step("dashboard", { uuid: `dash-${uuid}-${action}`, metadata: meta, position: { "CHART-1": { type: "CHART", meta: { chartId: 1, uuid } } } }, action);

test("a filter box is dropped only when every dashboard of the bundle placing it turns it into native filters", () => {
  const box = (uuid: string) => step("chart", { uuid, viz_type: "filter_box" });
  expect([...removableFilterBoxes([box("b1"), placing("b1")])]).toEqual(["b1"]);
  // not placed, placed on a dashboard that has native filters already, or on one the import keeps as it is
  expect(removableFilterBoxes([box("b1")]).size).toBe(0);
  expect(removableFilterBoxes([box("b1"), placing("b1"), placing("b1", { native_filter_configuration: [{ id: "f" }] })]).size).toBe(0);
  expect(removableFilterBoxes([box("b1"), placing("b1", {}, "keep")]).size).toBe(0);
  // a chart of another type is never dropped
  expect(removableFilterBoxes([step("chart", { uuid: "b1", viz_type: "table" }), placing("b1")]).size).toBe(0);
});

test("the import dialog's message names the migrated charts and those needing a type", () => {
  expect(importSummary("Dashboard", { migrated: [], unavailable: [] })).toBe("Dashboard imported");
  expect(importSummary("Dashboard", null)).toBe("Dashboard imported");
  expect(importSummary("Dashboard", {
    migrated: [{ id: 1, uuid: "a", slice_name: "Births", from: "line", to: "echarts_timeseries_line" }, { id: null, uuid: "b", slice_name: "Filters", from: "filter_box", to: "native filters" }],
    unavailable: [{ id: 2, uuid: "c", slice_name: "Growth", viz_type: "compare" }],
  })).toBe("Dashboard imported. Migrated 2 legacy charts: Births (line → echarts_timeseries_line), Filters (filter_box → native filters). 1 chart needs a new type in Explore: Growth (compare)");
});
