import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { sunburstV2 } from ".";

// params of the example bundle's "Featured Charts/Sunburst.yaml"
const example = {
  datasource: "22__table", viz_type: "sunburst_v2", columns: ["year", "product_line"], metric: "count", adhoc_filters: [temporalRange], row_limit: 10000,
  color_scheme: "supersetColors", linear_color_scheme: "superset_seq_1", show_labels: true, show_labels_threshold: 5, label_type: "key", number_format: "~g",
  date_format: "smart_date", extra_form_data: {},
};

test("sunburst_v2: the example bundle's query context (the hierarchy as columns)", () => {
  expect(sunburstV2.buildQuery(example).queries).toEqual([supersetQuery({
    columns: ["year", "product_line"],
    metrics: ["count"],
    row_limit: 10000,
  })]);
});

test("sunburst_v2 transformProps: one ring per level, children under their parents, branch colours", () => {
  const data = [{ year: 2003, product_line: "Cars", count: 30 }, { year: 2003, product_line: "Ships", count: 4 }, { year: 2004, product_line: "Cars", count: 66 }];
  const model = sunburstV2.transformProps({ formData: example, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const [inner, outer] = model.data.datasets as any[];
  expect([inner.data, inner.names, inner.backgroundColor]).toEqual([[66, 34], ["2004", "2003"], ["#1FA8C9", "#454E7C"]]);
  expect([outer.data, outer.names, outer.backgroundColor]).toEqual([[66, 30, 4], ["2004 / Cars", "2003 / Cars", "2003 / Ships"], ["#1FA8C9", "#454E7C", "#454E7C"]]);
  // Ships is 4% of 100: under the 5% threshold
  expect(outer.labelTexts).toEqual(["Cars", "Cars", ""]);
  expect((model.options.plugins as any).tooltip.callbacks.label({ datasetIndex: 1, dataIndex: 2 })).toBe("2003 / Ships: 4 (4.00%)");
});
