import { expect, test } from "vitest";
import { sankeyV2 } from ".";

test("sankey: a clicked link filters by its source and target together", () => {
  const formData = { viz_type: "sankey_v2", source: "product_line", target: "deal_size", metric: "count" };
  const model = sankeyV2.transformProps({ formData, queriesData: [{ data: [{ product_line: "Cars", deal_size: "Small", count: 5 }] }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const raw = (model.data.datasets[0].data as unknown[])[0];
  expect(sankeyV2.crossFilter!(formData, { raw, index: 0 })).toEqual([{ col: "product_line", value: "Cars" }, { col: "deal_size", value: "Small" }]);
  expect(sankeyV2.crossFilter!(formData, { label: "Cars" })).toBeNull();
});
