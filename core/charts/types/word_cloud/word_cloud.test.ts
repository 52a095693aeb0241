import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { fontSizes, rotationOf, wordCloud } from ".";

// params of the example bundle's "Featured Charts/Word_Cloud.yaml"
const example = {
  datasource: "22__table", viz_type: "word_cloud", series: "customer_name", metric: "count", adhoc_filters: [temporalRange], row_limit: 100,
  size_from: 10, size_to: 70, rotation: "square", color_scheme: "supersetColors", extra_form_data: {},
};

test("word_cloud: the example bundle's query context (the dimension as the column, the metric)", () => {
  expect(wordCloud.buildQuery(example).queries).toEqual([supersetQuery({ columns: ["customer_name"], metrics: ["count"], row_limit: 100 })]);
  expect(wordCloud.buildQuery({ ...example, sort_by_metric: true }).queries[0].orderby).toEqual([["count", false]]);
});

test("word_cloud font sizes: the metric scaled from [min, max] onto [size_from, size_to]", () => {
  // 10 → 10, 40 → 10 + 30/40·60 = 55, 50 → 70
  expect(fontSizes([10, 40, 50], 10, 70)).toEqual([10, 55, 70]);
  // one value (or all equal): the middle size, as d3's scaleLinear on an empty domain
  expect(fontSizes([7, 7], 10, 70)).toEqual([40, 40]);
});

test("word_cloud rotations: flat 0°, square 0° or 90°, random on 30° steps, the same for a word every time", () => {
  const words = ["Euro+ Shopping Channel", "Mini Gifts", "Australian Collectors", "La Rochelle Gifts", "Muscle Machine Inc"];
  expect(words.map((w) => rotationOf(w, "flat"))).toEqual([0, 0, 0, 0, 0]);
  for (const w of words) expect([0, 90]).toContain(rotationOf(w, "square"));
  for (const w of words) expect([-90, -60, -30, 0, 30, 60]).toContain(rotationOf(w, "random"));
  expect(new Set(words.map((w) => rotationOf(w, "square"))).size).toBe(2);
  expect(words.map((w) => rotationOf(w, "random"))).toEqual(words.map((w) => rotationOf(w, "random")));
});

test("word_cloud transformProps: words, sizes, real values for the tooltip, scheme colours by word", () => {
  const data = [{ customer_name: "Mini Gifts", count: 50 }, { customer_name: "Euro+", count: 10 }, { customer_name: "Atlas", count: 30 }];
  const model = wordCloud.transformProps({ formData: example, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("wordCloud");
  expect(model.data.labels).toEqual(["Mini Gifts", "Euro+", "Atlas"]);
  const [ds] = model.data.datasets as any[];
  expect([ds.data, ds.values, ds.color]).toEqual([[70, 10, 40], [50, 10, 30], ["#1FA8C9", "#454E7C", "#5AC189"]]);
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataIndex: 2 })).toBe("Atlas: 30");
  expect(wordCloud.transformProps({ formData: example, queriesData: [{ data: [] }], width: 1, height: 1 })).toEqual({ kind: "empty", message: "No results were returned for this query" });
});
