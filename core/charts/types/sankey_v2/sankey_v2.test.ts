import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { LOOP_MESSAGE, sankeyV2 } from ".";

// params of the example bundle's "Featured Charts/Sankey.yaml"
const example = { datasource: "22__table", viz_type: "sankey_v2", source: "product_line", target: "deal_size", metric: "count", adhoc_filters: [temporalRange], row_limit: 10000, color_scheme: "supersetColors", extra_form_data: {} };

test("sankey_v2: the example bundle's query context (source and target as groupby, ordered by both)", () => {
  expect(sankeyV2.buildQuery(example).queries).toEqual([supersetQuery({
    columns: [],
    groupby: ["product_line", "deal_size"],
    metrics: ["count"],
    orderby: [["product_line", true], ["deal_size", true]],
    row_limit: 10000,
  })]);
});

test("sankey_v2 transformProps: flows, node colours, a loop refused", () => {
  const data = [{ product_line: "Cars", deal_size: "Small", count: 5 }, { product_line: "Ships", deal_size: "Small", count: 2 }];
  const model = sankeyV2.transformProps({ formData: example, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const [ds] = model.data.datasets as any[];
  expect(ds.data).toEqual([{ from: "Cars", to: "Small", flow: 5 }, { from: "Ships", to: "Small", flow: 2 }]);
  expect([ds.colorFrom({ dataIndex: 0 }), ds.colorTo({ dataIndex: 0 }), ds.colorFrom({ dataIndex: 1 })]).toEqual(["#1FA8C9", "#454E7C", "#5AC189"]);
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataIndex: 1 })).toBe("Ships → Small: 2");
  const loop = [{ product_line: "a", deal_size: "b", count: 1 }, { product_line: "b", deal_size: "a", count: 1 }];
  expect(sankeyV2.transformProps({ formData: example, queriesData: [{ data: loop }], width: 1, height: 1 })).toEqual({ kind: "empty", message: LOOP_MESSAGE });
});
