import { expect, test } from "vitest";
import { supersetQuery } from "../../test-fixtures";
import { treeChart, treeNodes } from ".";

// params of the example bundle's "Featured Charts/Tree.yaml"
const example = { datasource: "8__table", viz_type: "tree_chart", id: "id", parent: "parent", name: "name", root_node_id: "1", metric: "count", adhoc_filters: [], row_limit: 1000, layout: "radial", node_label_position: "top", child_label_position: "top", symbol: "emptyCircle", symbolSize: 7, roam: false, extra_form_data: {} };
const cols = { id: "id", parent: "parent", name: "name", metric: "count" };

test("tree_chart: the example bundle's query context (id, parent and name as columns)", () => {
  expect(treeChart.buildQuery(example).queries).toEqual([supersetQuery({ columns: ["id", "parent", "name"], metrics: ["count"], row_limit: 1000, filters: [], extras: { having: "", where: "" } })]);
  expect(treeChart.buildQuery({ ...example, name: undefined }).queries[0].columns).toEqual(["id", "parent"]);
});

//        1 (Root)
//       /        \
//   2 (A)       3 (B)
//     |
//   4 (C)
const rows = [
  { id: 4, parent: 2, name: "C", count: 1 },
  { id: 1, parent: null, name: "Root", count: 10 },
  { id: 2, parent: 1, name: "A", count: 4 },
  { id: 3, parent: 1, name: "B", count: 5 },
];

test("tree_chart: nodes breadth first from the root, children pointing at their parent's index", () => {
  expect(treeNodes(rows, cols)).toEqual([
    { name: "Root", value: 10 },
    { name: "A", value: 4, parent: 0 },
    { name: "B", value: 5, parent: 0 },
    { name: "C", value: 1, parent: 1 },
  ]);
  // the root node id picks a subtree
  expect(treeNodes(rows, cols, "2")).toEqual([{ name: "A", value: 4 }, { name: "C", value: 1, parent: 0 }]);
});

test("tree_chart: parents that are no row's id become nodes; several roots hang under one 'root'", () => {
  const flat = [{ code: "S10_1", line: "Cars", n: 3 }, { code: "S72_1", line: "Ships", n: 2 }, { code: "S10_2", line: "Cars", n: 1 }];
  expect(treeNodes(flat, { id: "code", parent: "line", name: "code", metric: "n" })).toEqual([
    { name: "root", value: null },
    { name: "Cars", value: null, parent: 0 },
    { name: "Ships", value: null, parent: 0 },
    { name: "S10_1", value: 3, parent: 1 },
    { name: "S10_2", value: 1, parent: 1 },
    { name: "S72_1", value: 2, parent: 2 },
  ]);
});

test("tree_chart transformProps: the tree type with Superset's layout and orientation", () => {
  const model = treeChart.transformProps({ formData: example, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("tree");
  expect(model.data.labels).toEqual(["Root", "A", "B", "C"]);
  const [ds] = model.data.datasets as any[];
  expect(ds.data).toEqual([{}, { parent: 0 }, { parent: 0 }, { parent: 1 }]);
  expect(ds.tree).toEqual({ orientation: "radial" });
  expect(ds.pointRadius).toBe(3.5);
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataIndex: 2 })).toBe("B: 5");
  const rl = treeChart.transformProps({ formData: { ...example, layout: "orthogonal", orient: "RL" }, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (rl.kind !== "chartjs") throw new Error(rl.kind);
  expect((rl.data.datasets[0] as any).tree).toEqual({ orientation: "horizontal" });
  expect(rl.options.scales).toEqual({ x: { reverse: true }, y: { reverse: false } });
  const bt = treeChart.transformProps({ formData: { ...example, layout: "orthogonal", orient: "BT" }, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (bt.kind !== "chartjs") throw new Error(bt.kind);
  expect((bt.data.datasets[0] as any).tree).toEqual({ orientation: "vertical" });
  expect(bt.options.scales).toEqual({ x: { reverse: false }, y: { reverse: true } });
});
