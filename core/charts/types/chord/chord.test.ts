import { expect, test } from "vitest";
import { supersetQuery } from "../../test-fixtures";
import { chord, chordMatrix } from ".";

// params of the example bundle's "Slack Dashboard/Cross_Channel_Relationship.yaml" (groupby/columns are single values)
const sumCnt = { aggregate: "SUM", column: { column_name: "cnt", type: "INT" }, expressionType: "SIMPLE", hasCustomLabel: false, isNew: false, label: "SUM(cnt)", sqlExpression: null };
const example = { adhoc_filters: [], color_scheme: "supersetColors", columns: "channel_2", datasource: "59__table", groupby: "channel_1", label_colors: {}, metric: sumCnt, row_limit: 1000, time_range: "No filter", viz_type: "chord", y_axis_format: "SMART_NUMBER" };

test("chord: the saved chart's query context (source and target as columns; ordered by the metric when asked)", () => {
  const [query] = chord.buildQuery(example).queries;
  expect(query).toEqual(supersetQuery({ columns: ["channel_1", "channel_2"], metrics: [sumCnt], row_limit: 1000, time_range: "No filter", filters: [], extras: { having: "", where: "" } }));
  expect(chord.buildQuery({ ...example, sort_by_metric: true }).queries[0].orderby).toEqual([[sumCnt, false]]);
});

// a → b carries 6, b → a carries 2
const rows = [{ channel_1: "a", channel_2: "b", "SUM(cnt)": 6 }, { channel_1: "b", channel_2: "a", "SUM(cnt)": 2 }];

test("chord: Superset's matrix, nodes sorted, matrix[target][source]", () => {
  expect(chordMatrix([...rows].reverse(), "channel_1", "channel_2", "SUM(cnt)")).toEqual({ nodes: ["a", "b"], matrix: [[0, 2], [6, 0]] });
});

test("chord transformProps: doughnut segments are d3's groups, one ribbon with both ends' angles", () => {
  const model = chord.transformProps({ formData: example, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("doughnut");
  expect(model.data.labels).toEqual(["a", "b"]);
  const [ds] = model.data.datasets as any[];
  // a's group is what flows into it (2), b's is 6: a quarter and three quarters of the circle
  expect(ds.data).toEqual([2, 6]);
  expect(ds.backgroundColor).toEqual(["#1FA8C9", "#454E7C"]);
  expect(ds.chordRibbons).toEqual([{
    source: { index: 1, startAngle: Math.PI / 2, endAngle: 2 * Math.PI, value: 6 },
    target: { index: 0, startAngle: 0, endAngle: Math.PI / 2, value: 2 },
    color: "rgba(69,78,124,0.65)",
  }]);
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataIndex: 1 })).toBe("b: 6");
});
