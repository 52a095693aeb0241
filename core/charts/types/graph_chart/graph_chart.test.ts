import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { circleBounds, graphChart, scaledSizes } from ".";

// params of the example bundle's "Featured Charts/Graph.yaml"
const example = {
  datasource: "22__table", viz_type: "graph_chart", source: "deal_size", target: "product_line", metric: "count", adhoc_filters: [temporalRange],
  row_limit: 10000, color_scheme: "supersetColors", show_legend: true, legendType: "scroll", legendOrientation: "top", layout: "circular",
  edgeSymbol: "none,arrow", roam: true, selectedMode: "single", baseNodeSize: 20, baseEdgeWidth: 3, edgeLength: 400, gravity: 0.3, repulsion: 1000, friction: 0.2, extra_form_data: {},
};

test("graph_chart: the example bundle's query context (source and target as columns, the metric)", () => {
  expect(graphChart.buildQuery(example).queries).toEqual([supersetQuery({ columns: ["deal_size", "product_line"], metrics: ["count"], row_limit: 10000 })]);
  expect(graphChart.buildQuery({ ...example, source_category: "status", target_category: "" }).queries[0].columns).toEqual(["deal_size", "product_line", "status"]);
});

test("graph_chart: sizes scale between half and 2.5 times the base, all half when values are equal", () => {
  // values 30, 40, 50 over base 20: 10 + (v - 30) / 20 × 40
  expect(scaledSizes([40, 30, 50], 20)).toEqual([30, 10, 50]);
  expect(scaledSizes([7, 7], 3)).toEqual([1.5, 1.5]);
});

const rows = [
  { deal_size: "A", product_line: "B", count: 10 },
  { deal_size: "A", product_line: "C", count: 30 },
  { deal_size: "B", product_line: "C", count: 20 },
];

test("graph_chart transformProps, circular: nodes on the unit circle, node value = sum of its edges, sizes from it", () => {
  const model = graphChart.transformProps({ formData: example, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("graph");
  expect(model.data.labels).toEqual(["A", "B", "C"]);
  const [ds] = model.data.datasets as any[];
  expect(ds.edges).toEqual([{ source: 0, target: 1 }, { source: 0, target: 2 }, { source: 1, target: 2 }]);
  // A = 40, B = 30, C = 50 → diameters 30, 10, 50 → radii 15, 5, 25
  expect(ds.pointRadius).toEqual([15, 5, 25]);
  // edges 10, 30, 20 over base 3: 1.5 + (v - 10) / 20 × 6
  expect(ds.edgeLineBorderWidth).toEqual([1.5, 7.5, 4.5]);
  expect(ds.data[0]).toEqual({ x: 1, y: 0 });
  expect(ds.data[1].x).toBeCloseTo(-0.5);
  expect(ds.data[1].y).toBeCloseTo(Math.sqrt(3) / 2);
  expect(ds.directed).toBe(true);
  // no categories: one colour per node, no legend
  expect(ds.pointBackgroundColor).toEqual(["#1FA8C9", "#454E7C", "#5AC189"]);
  expect((model.options.plugins as any).legend.display).toBe(false);
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataIndex: 2 })).toBe("C: 50");
});

test("graph_chart transformProps, force: the simulation from Superset's force options; categories colour nodes and fill the legend", () => {
  const data = rows.map((r) => ({ ...r, kind: r.deal_size === "A" ? "x" : "y" }));
  const model = graphChart.transformProps({ formData: { ...example, layout: "force", edgeSymbol: "none,none", source_category: "kind" }, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("forceDirectedGraph");
  expect((model.options as any).simulation.forces.link).toEqual({ distance: 400 });
  expect((model.options as any).simulation.forces.manyBody).toEqual({ strength: -1000 });
  const [ds] = model.data.datasets as any[];
  expect(ds.directed).toBe(false);
  // A is in x; B, first seen as a target (no target category), takes "y" from its source row; C has none
  expect(ds.pointBackgroundColor).toEqual(["#1FA8C9", "#454E7C", "#5AC189"]);
  const legend = (model.options.plugins as any).legend;
  expect(legend.display).toBe(true);
  expect(legend.labels.generateLabels().map((l: any) => l.text)).toEqual(["x", "y"]);
});

test("graph_chart: no rows, the empty message", () => {
  expect(graphChart.transformProps({ formData: example, queriesData: [{ data: [] }], width: 1, height: 1 }).kind).toBe("empty");
});

test("graph_chart circular: the scales frame the unit circle to fill the box, round and with the nodes inside", () => {
  // a wide box: the height decides the circle; x spans more units so the circle stays round
  const wide = circleBounds(880, 480, 25);
  // plot 800 × 400: the circle's radius is 200 − 25 px, one unit
  expect(wide.y.max).toBeCloseTo(200 / 175);
  expect(wide.x.max).toBeCloseTo(400 / 175);
  expect(wide.x.min).toBe(-wide.x.max);
  // px per unit equal on both axes (a circle, not an ellipse)
  expect(800 / (2 * wide.x.max)).toBeCloseTo(400 / (2 * wide.y.max));
  // a tall narrow box: the width decides
  const tall = circleBounds(280, 680, 10);
  expect(tall.x.max).toBeCloseTo(100 / 90);
  expect(tall.y.max).toBeCloseTo(300 / 90);
  // the model carries them, from the box it is drawn in and its largest node
  const model = graphChart.transformProps({ formData: example, queriesData: [{ data: rows }], width: 880, height: 480 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const scales = (model.options as any).scales;
  const bounds = circleBounds(880, 480, 25 + 2);
  expect(scales.x).toMatchObject({ display: false, ...bounds.x });
  expect(scales.y).toMatchObject({ display: false, ...bounds.y });
  // a box smaller than the padding still gives finite bounds
  expect(Number.isFinite(circleBounds(10, 10, 30).x.max)).toBe(true);
});
