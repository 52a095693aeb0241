import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { treemapV2 } from ".";

// params of the example bundle's "Featured Charts/Treemap.yaml"
const example = {
  datasource: "23__table", viz_type: "treemap_v2", groupby: ["year", "product_line"], metric: "count", row_limit: 10000, adhoc_filters: [temporalRange],
  color_scheme: "supersetColors", show_labels: true, show_upper_labels: true, label_type: "key_value", number_format: "SMART_NUMBER", date_format: "smart_date",
  extra_form_data: {},
};

test("treemap_v2: the example bundle's query context, ordered by each dimension under the row limit", () => {
  expect(treemapV2.buildQuery(example).queries).toEqual([supersetQuery({
    columns: ["year", "product_line"],
    metrics: ["count"],
    orderby: [["year", true], ["product_line", true]],
    row_limit: 10000,
  })]);
  expect(treemapV2.buildQuery({ ...example, sort_by_metric: true }).queries[0].orderby).toEqual([["count", false], ["year", true], ["product_line", true]]);
  expect(treemapV2.buildQuery({ ...example, row_limit: 0 }).queries[0]).not.toHaveProperty("orderby");
});

test("treemap_v2 transformProps: the plugin's tree and groups, colours by the largest top-level group first, shares", () => {
  const data = [{ year: 2003, product_line: "Cars", count: 30 }, { year: 2003, product_line: "Ships", count: 10 }, { year: 2004, product_line: "Cars", count: 60 }];
  const model = treemapV2.transformProps({ formData: example, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const [ds] = model.data.datasets as any[];
  expect(model.type).toBe("treemap");
  expect([ds.key, ds.groups]).toEqual(["count", ["year", "product_line"]]);
  expect(ds.tree).toEqual([{ year: "2003", product_line: "Cars", count: 30 }, { year: "2003", product_line: "Ships", count: 10 }, { year: "2004", product_line: "Cars", count: 60 }]);
  expect(ds.backgroundColor({ type: "data", raw: { _data: { year: "2003" } } })).toBe("#454E7C"); // 2004 (60) is the largest
  expect(ds.backgroundColor({ type: "data", raw: { _data: { year: "2004" } } })).toBe("#1FA8C9");
  expect(ds.labels.formatter({ raw: { g: "Cars", v: 1500 } })).toBe("Cars: 1.5k");
  const label = (model.options.plugins as any).tooltip.callbacks.label;
  expect(label({ raw: { g: "Cars", v: 30, l: 1, _data: { year: "2003", product_line: "Cars" } } })).toBe("Cars: 30 (75.00%)");
});
