import { expect, test } from "vitest";
import { pairedTTestTable, seriesOf } from ".";

const formData = {
  datasource: "3__table", viz_type: "paired_ttest", granularity_sqla: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["gender"],
  adhoc_filters: [], limit: 0, order_desc: true, contribution: false, row_limit: 10000, significance_level: 0.1, pvalue_precision: 4, liftvalue_precision: 2,
};

test("paired_ttest: Superset's query, a legacy time series by the groupby columns", () => {
  const [q] = pairedTTestTable.buildQuery(formData).queries;
  expect(q).toMatchObject({ granularity: "ds", is_timeseries: true, columns: ["gender"], metrics: ["sum__num"], row_limit: 10000 });
  expect(q.extras).toMatchObject({ time_grain_sqla: "P1Y" });
});

// boys 11, 14, 15 and girls 10, 12, 14 (boys first by name: the control)
const data = [
  { __timestamp: 0, gender: "boy", sum__num: 11 }, { __timestamp: 0, gender: "girl", sum__num: 10 },
  { __timestamp: 1000, gender: "boy", sum__num: 14 }, { __timestamp: 1000, gender: "girl", sum__num: 12 },
  { __timestamp: 2000, gender: "boy", sum__num: 15 }, { __timestamp: 2000, gender: "girl", sum__num: 14 },
];

test("paired_ttest transformProps: the first group is the control; the others' p-value, lift and significance", () => {
  const model = pairedTTestTable.transformProps({ formData, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "table") throw new Error(model.kind);
  expect(model.columns.map((c) => c.label)).toEqual(["gender", "p-value", "Lift %", "Significant"]);
  // the girls tested against the boys: t = -4 on 2 degrees of freedom, lift (36 - 40) / 40 = -10%, under the 10% level
  expect(model.formatted).toEqual([
    { __metric: "sum__num", "g:gender": "boy", pValue: "control", liftValue: "control", significant: "control" },
    { __metric: "sum__num", "g:gender": "girl", pValue: "0.0572", liftValue: "-10.00", significant: "true" },
  ]);
  expect(model.cellBackgrounds?.[1]).toEqual({ liftValue: "rgba(250, 82, 82, 0.25)", significant: "rgba(64, 192, 87, 0.25)" });
  // boys renamed "son" sort after the girls, who become the control: lift (40 - 36) / 36 = 11.11%, p 0.0572 not under 5%
  const sons = data.map((r) => ({ ...r, gender: r.gender === "boy" ? "son" : r.gender }));
  const strict = pairedTTestTable.transformProps({ formData: { ...formData, significance_level: 0.05 }, queriesData: [{ data: sons }], width: 1, height: 1 });
  if (strict.kind !== "table") throw new Error(strict.kind);
  expect(strict.formatted[1]).toMatchObject({ "g:gender": "son", pValue: "0.0572", liftValue: "11.11", significant: "false" });
  expect(strict.cellBackgrounds?.[1]).toEqual({ liftValue: "rgba(64, 192, 87, 0.25)", significant: "rgba(250, 82, 82, 0.25)" });
});

test("paired_ttest: several metrics get a block each under a Metric column; contribution tests shares", () => {
  const rows = data.map((r) => ({ ...r, sum__num_boys: r.sum__num * 2 }));
  const model = pairedTTestTable.transformProps({ formData: { ...formData, metrics: ["sum__num", "sum__num_boys"] }, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (model.kind !== "table") throw new Error(model.kind);
  expect(model.columns[0].label).toBe("Metric");
  expect(model.formatted.map((f) => [f.__metric, f["g:gender"]])).toEqual([["sum__num", "boy"], ["sum__num", "girl"], ["sum__num_boys", "boy"], ["sum__num_boys", "girl"]]);
  const shares = seriesOf(data, ["gender"], "sum__num", true);
  expect(shares.map((s) => s.values)).toEqual([[11 / 21, 14 / 26, 15 / 29], [10 / 21, 12 / 26, 14 / 29]]);
});

test("paired_ttest: no groupby is the chart's error", () => {
  expect(() => pairedTTestTable.transformProps({ formData: { ...formData, groupby: [] }, queriesData: [{ data }], width: 1, height: 1 })).toThrow("Group by param is required");
});
