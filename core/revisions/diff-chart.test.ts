import { describe, expect, test } from "vitest";
import { diffChartStates } from "./diff-chart";

const sum = { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM" };
const texts = (before: Record<string, unknown>, after: Record<string, unknown>, names?: Map<number, string>) => diffChartStates(before, after, { datasetNames: names }).map((l) => l.text);

describe("chart diff in words", () => {
  test("controls by their panel labels, metrics and columns by their labels", () => {
    const before = { slice_name: "Births", viz_type: "table", params: JSON.stringify({ metrics: [sum], groupby: ["state"], row_limit: 100, datasource: "1__table" }) };
    const after = { slice_name: "Births", viz_type: "table", params: JSON.stringify({ metrics: ["count"], groupby: ["state", "gender"], row_limit: 100, datasource: "1__table" }) };
    expect(texts(before, after)).toEqual(["Metrics: SUM(num) → count", "Dimensions: state → state, gender"]);
  });

  test("name, viz type and dataset (by name when known)", () => {
    expect(texts({ slice_name: "A", viz_type: "table", datasource_id: 1 }, { slice_name: "B", viz_type: "pie", datasource_id: 2 }, new Map([[1, "birth_names"], [2, "flights"]]))).toEqual([
      'Name: "A" → "B"', 'Chart type: "table" → "pie"', "Dataset: birth_names → flights",
    ]);
  });

  test("filters in words; a key no panel knows is named from the key", () => {
    const before = { viz_type: "table", params: JSON.stringify({ adhoc_filters: [] }) };
    const after = { viz_type: "table", params: JSON.stringify({ adhoc_filters: [{ expressionType: "SIMPLE", subject: "gender", operator: "==", comparator: "boy" }], custom_thing: 3 }) };
    expect(texts(before, after)).toEqual(["Filters: (none) → gender == boy", "Custom thing: (none) → 3"]);
  });

  test("nothing changed, nothing said", () => {
    const s = { slice_name: "A", viz_type: "table", params: "{\"metrics\":[\"count\"]}" };
    expect(texts(s, { ...s, params: "{ \"metrics\": [\"count\"] }" })).toEqual([]);
  });
});
