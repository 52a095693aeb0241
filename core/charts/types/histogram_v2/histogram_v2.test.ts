import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { histogramV2 } from ".";

// params of the example bundle's "Featured Charts/Histogram.yaml"
const example = {
  datasource: "22__table", viz_type: "histogram_v2", slice_id: 130, column: "quantity_ordered", groupby: ["deal_size"], adhoc_filters: [temporalRange],
  row_limit: 10000, bins: 10, normalize: false, color_scheme: "supersetAndPresetColors", show_value: false, show_legend: true, extra_form_data: {},
};

test("histogram_v2: the example bundle's query context (raw values, histogram step, no metrics)", () => {
  const [q] = histogramV2.buildQuery(example).queries;
  expect(q).toEqual(supersetQuery({
    columns: ["deal_size", "quantity_ordered"],
    row_limit: 10000,
    post_processing: [{ operation: "histogram", options: { column: "quantity_ordered", groupby: ["deal_size"], bins: 10, normalize: false } }],
  }));
  expect(q).not.toHaveProperty("metrics");
});

test("histogram_v2 transformProps: bins on x, a bar series per group; normalised shares as percentages", () => {
  const data = [{ deal_size: "Large", "1 - 3": 2, "3 - 5": 6 }, { deal_size: "Small", "1 - 3": 5, "3 - 5": 1 }];
  const model = histogramV2.transformProps({ formData: { ...example, color_scheme: "supersetColors" }, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.labels).toEqual(["1 - 3", "3 - 5"]);
  expect(model.data.datasets.map((d) => [d.label, d.data, d.backgroundColor])).toEqual([["Large", [2, 6], "#1FA8C9"], ["Small", [5, 1], "#454E7C"]]);
  const norm = histogramV2.transformProps({ formData: { ...example, groupby: [], normalize: true }, queriesData: [{ data: [{ "0 - 1": 0.25, "1 - 2": 0.75 }] }], width: 1, height: 1 });
  if (norm.kind !== "chartjs") throw new Error(norm.kind);
  expect(norm.data.datasets[0].label).toBe("quantity_ordered");
  expect((norm.options.scales as any).y.ticks.callback(0.25)).toBe("25.0%");
});
