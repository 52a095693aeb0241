import { expect, test } from "vitest";
import { gaugeChart } from ".";

test("gauge: a clicked ring filters every dimension by that ring's row", () => {
  const formData = { viz_type: "gauge_chart", groupby: ["deal_size", "region"], metric: "count" };
  const model = gaugeChart.transformProps({ formData, queriesData: [{ data: [{ deal_size: "Medium", region: "EU", count: 3 }, { deal_size: "Small", region: "US", count: 2 }] }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const dataset = model.data.datasets[1] as Record<string, unknown>;
  expect(gaugeChart.crossFilter!(formData, { series: String(dataset.label), index: 0, dataset })).toEqual([{ col: "deal_size", value: "Small" }, { col: "region", value: "US" }]);
  // no dimension: one ring of the metric, nothing to filter by
  expect(gaugeChart.crossFilter!({ ...formData, groupby: [] }, { index: 0, dataset: { groupbyValues: [] } })).toBeNull();
});
