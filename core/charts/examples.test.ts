import { expect, test } from "vitest";
import { EXAMPLE_TABLES } from "../examples/index";
import { exampleReferences } from "./example-references";
import { CHART_TYPES } from "./registry";
import { CHART_EXAMPLES } from "./examples";

// Every registered chart type brings an example chart (created at first start), built on one of the product's
// example datasets and naming only columns and saved metrics that dataset has.

test("every registered chart type has an example, and every example a registered type, on an example dataset, with columns and metrics that exist", () => {
  for (const [vizType, type] of Object.entries(CHART_TYPES)) {
    expect(CHART_EXAMPLES[vizType], vizType).toBeDefined();
    const { name, dataset, params } = CHART_EXAMPLES[vizType];
    expect(name.trim(), vizType).not.toBe("");
    expect(params.viz_type ?? vizType, vizType).toBe(vizType);
    expect(params.datasource, `${vizType}: datasource is filled in at creation`).toBeUndefined();
    const table = EXAMPLE_TABLES.find((t) => t.tableName === dataset);
    expect(table, `${vizType}: dataset ${dataset}`).toBeDefined();
    const columns = new Set(table!.columns.map((c) => c.name));
    const metrics = new Set(table!.metrics.map((m) => m.name));
    const refs = exampleReferences(type, CHART_EXAMPLES[vizType], 1);
    expect(refs.columns.size + refs.metrics.size, `${vizType} queries something`).toBeGreaterThan(0);
    for (const c of refs.columns) expect(columns.has(c), `${vizType}: column ${c} of ${dataset}`).toBe(true);
    for (const m of refs.metrics) expect(metrics.has(m), `${vizType}: metric ${m} of ${dataset}`).toBe(true);
    for (const e of refs.either) expect(columns.has(e) || metrics.has(e), `${vizType}: order by ${e} of ${dataset}`).toBe(true);
  }
  expect(Object.keys(CHART_EXAMPLES).sort()).toEqual(Object.keys(CHART_TYPES).sort());
});

test("example chart names are unique, so a list of charts tells them apart", () => {
  const names = Object.values(CHART_EXAMPLES).map((e) => e.name);
  expect(new Set(names).size).toBe(names.length);
});

test("the references read from a query context: x-axis, filters, saved metrics and order by", () => {
  const refs = exampleReferences(CHART_TYPES.echarts_timeseries_line, CHART_EXAMPLES.echarts_timeseries_line, 1);
  expect([...refs.columns].sort()).toEqual(["ds", "name"]);
  expect([...refs.metrics]).toEqual(["sum__num"]);
});
