import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS, legendOptions } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { buildQueryContext } from "../../query/build-query-context";
import { getColumnLabel, getMetricLabel } from "../../query/labels";
import { crossFilter, nodeColumns } from "./cross-filter";

// Superset's graph_chart (ECharts Graph): nodes from a source and a target column, an edge per row weighted by
// the metric. Drawn with chartjs-chart-graph: `forceDirectedGraph` (d3-force) for the force layout, `graph` with
// positions on a circle for the circular one. Node and edge sizes follow Superset: a node's value is the sum of
// the edges touching it, scaled between half and 2.5 times baseNodeSize (edges likewise from baseEdgeWidth).

const numberControl = (name: string, label: string, dflt: number, description: string) =>
  ({ name, type: "TextControl" as const, label, default: dflt, renderTrigger: true, validators: [{ kind: "number" as const }], description });
const isForce = (fd: FormData) => fd.layout !== "circular";

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "source", type: "ColumnControl", label: "Source", validators: [{ kind: "nonEmpty" }], description: "Name of the source nodes" },
        { name: "target", type: "ColumnControl", label: "Target", validators: [{ kind: "nonEmpty" }], description: "Name of the target nodes" },
        c.metric(),
        { name: "source_category", type: "ColumnControl", label: "Source category", description: "The category of source nodes used to assign colors. If a node is associated with more than one category, only the first will be used." },
        { name: "target_category", type: "ColumnControl", label: "Target category", description: "Category of target nodes" },
        c.adhocFilters(), c.rowLimit(),
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.colorScheme(), c.showLegend(), c.legendOrientation(),
        { name: "layout", type: "SelectControl", label: "Graph layout", default: "force", renderTrigger: true, choices: [["force", "Force"], ["circular", "Circular"]], description: "Layout type of graph" },
        { name: "edgeSymbol", type: "SelectControl", label: "Edge symbols", default: "none,arrow", renderTrigger: true, choices: [["none,none", "None"], ["none,arrow", "Arrow"]], description: "Symbol of two ends of edge line" },
        numberControl("baseNodeSize", "Node size", 20, "Median node size, the largest node will be 4 times larger than the smallest"),
        numberControl("baseEdgeWidth", "Edge width", 3, "Median edge width, the thickest edge will be 4 times thicker than the thinnest."),
        { ...numberControl("edgeLength", "Edge length", 400, "Edge length between nodes"), visibility: isForce },
        { ...numberControl("gravity", "Gravity", 0.3, "Strength to pull the graph toward center"), visibility: isForce },
        { ...numberControl("repulsion", "Repulsion", 1000, "Repulsion strength between nodes"), visibility: isForce },
      ],
    },
  ],
};

function buildQuery(formData: FormData) {
  const columns = [formData.source, formData.target, formData.source_category, formData.target_category].filter((col) => col !== undefined && col !== null && col !== "");
  return buildQueryContext(formData, (base) => [{ ...base, columns }]);
}

export interface GraphNode { name: string; value: number; category?: string }
export interface GraphEdge { source: number; target: number; value: number }

/** Nodes in order of first appearance (a source before its target), each with the first category it is given. */
export function graphOf(rows: Record<string, unknown>[], cols: { source: string; target: string; metric: string; sourceCategory?: string; targetCategory?: string }) {
  const nodes: GraphNode[] = [];
  const index = new Map<string, number>();
  const nodeOf = (name: string, category: unknown) => {
    if (!index.has(name)) {
      index.set(name, nodes.length);
      nodes.push({ name, value: 0 });
    }
    const node = nodes[index.get(name)!];
    // a node keeps the first category it is given, as Superset's does
    if (node.category === undefined && category !== undefined && category !== null && category !== "") node.category = String(category);
    return index.get(name)!;
  };
  const edges: GraphEdge[] = [];
  for (const r of rows) {
    const value = num(r[cols.metric]) ?? 0;
    const source = nodeOf(String(r[cols.source]), cols.sourceCategory ? r[cols.sourceCategory] : undefined);
    const target = nodeOf(String(r[cols.target]), cols.targetCategory ? r[cols.targetCategory] : undefined);
    nodes[source].value += value;
    nodes[target].value += value;
    edges.push({ source, target, value });
  }
  return { nodes, edges };
}

/** Superset's normalizeStyles: size = (value - min) / spread × 2·base + base/2 (all base/2 when every value is equal). */
export function scaledSizes(values: number[], base: number): number[] {
  const min = Math.min(...values);
  const spread = Math.max(...values) - min;
  return values.map((v) => (spread ? ((v - min) / spread) * base * 2 : 0) + base * 0.5);
}

const numberOr = (v: unknown, dflt: number) => num(v) ?? dflt;

const scalesFor = (b: ReturnType<typeof circleBounds>) => ({ x: { display: false, ...b.x }, y: { display: false, ...b.y } });

/** Room around the plot for node names (the plugin writes them right of each node). */
const GRAPH_PADDING = 40;

/**
 * The x and y scale bounds that draw the unit circle of a circular layout as large a circle as a `width` ×
 * `height` box holds, round (not stretched into an ellipse) and with the largest node (`maxRadius` px) inside.
 * Left to Chart.js, the hidden linear scales round their range out to "nice" ticks (±2 for ±1, as
 * chartjs-chart-graph allows two ticks), and the circle drew at half its size.
 */
export function circleBounds(width: number, height: number, maxRadius: number, padding = GRAPH_PADDING) {
  const w = Math.max(1, width - 2 * padding);
  const h = Math.max(1, height - 2 * padding);
  const radius = Math.max(1, Math.min(w, h) / 2 - maxRadius);
  const hx = w / 2 / radius;
  const hy = h / 2 / radius;
  return { x: { min: -hx, max: hx }, y: { min: -hy, max: hy } };
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const category = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : getColumnLabel(v));
  const { nodes, edges } = graphOf(rows, {
    source: getColumnLabel(formData.source), target: getColumnLabel(formData.target), metric: getMetricLabel(formData.metric),
    sourceCategory: category(formData.source_category), targetCategory: category(formData.target_category),
  });
  const columnOf = nodeColumns(rows, getColumnLabel(formData.source), getColumnLabel(formData.target));
  const colorFn = colorFnFromFormData(formData);
  const hasCategories = nodes.some((n) => n.category !== undefined);
  // with categories, nodes take their category's colour and the legend lists categories; else each node its own
  const colors = nodes.map((n) => colorFn(hasCategories ? (n.category ?? "") : n.name));
  const nodeSizes = scaledSizes(nodes.map((n) => n.value), numberOr(formData.baseNodeSize, 20));
  const edgeWidths = scaledSizes(edges.map((e) => e.value), numberOr(formData.baseEdgeWidth, 3));
  const circular = formData.layout === "circular";
  const text = getNumberFormatter(undefined);
  const categories = [...new Set(nodes.flatMap((n) => (n.category === undefined ? [] : [n.category])))];
  return {
    kind: "chartjs",
    type: circular ? "graph" : "forceDirectedGraph",
    data: {
      labels: nodes.map((n) => n.name),
      datasets: [{
        label: getMetricLabel(formData.metric),
        // circular: evenly spaced on the unit circle, starting at 3 o'clock as ECharts does
        data: nodes.map((n, i) => (circular ? { x: Math.cos((2 * Math.PI * i) / nodes.length), y: Math.sin((2 * Math.PI * i) / nodes.length) } : {})),
        edges: edges.map(({ source, target }) => ({ source, target })),
        pointRadius: nodeSizes.map((s) => s / 2),
        pointHoverRadius: nodeSizes.map((s) => s / 2 + 2),
        pointBackgroundColor: colors,
        pointBorderColor: colors,
        // edges are the plugin's `edgeLine` elements: their dataset options take that prefix
        edgeLineBorderColor: "rgba(120,120,120,0.5)",
        edgeLineBorderWidth: edgeWidths,
        directed: formData.edgeSymbol !== "none,none",
        arrowHeadSize: 10,
        nodeLabels: true,
        // each node's column, for its cross-filter
        nodeColumns: nodes.map((n) => columnOf.get(n.name)),
      }],
    },
    options: {
      ...BASE_OPTIONS,
      layout: { padding: GRAPH_PADDING },
      ...(circular ? { scales: scalesFor(circleBounds(input.width, input.height, Math.max(...nodeSizes) / 2 + 2)) } : {
        simulation: {
          // d3-force's whole run (alpha 1 down to its alphaMin), then one drawing and no animation: run by the
          // plugin's timer, each tick redrew the chart, a frame's work for 5 s. The browser runs these ticks in
          // short idle slices (app/features/charts/settled-force.ts; 300 at once were a task of over a second on a
          // busy dashboard), the report renderer all at once.
          initialIterations: 300,
          autoRestart: false,
          forces: {
            link: { distance: numberOr(formData.edgeLength, 400) },
            manyBody: { strength: -numberOr(formData.repulsion, 1000) },
            x: { strength: numberOr(formData.gravity, 0.3) * 0.1 },
            y: { strength: numberOr(formData.gravity, 0.3) * 0.1 },
          },
        },
      }),
      plugins: {
        legend: {
          ...legendOptions(formData),
          display: hasCategories && formData.show_legend !== false,
          // the items are categories, not datasets: nothing to hide on click
          onClick: () => undefined,
          labels: {
            ...legendOptions(formData).labels,
            generateLabels: () => categories.map((cat) => ({ text: cat, fillStyle: colorFn(cat), strokeStyle: colorFn(cat), hidden: false })),
          },
        },
        tooltip: { callbacks: { label: (item: { dataIndex: number }) => `${nodes[item.dataIndex].name}: ${text(nodes[item.dataIndex].value)}` } },
      },
    },
  };
}

export const graphChart: ChartType = {
  metadata: {
    name: "Graph Chart",
    category: "Flow",
    description: "Displays connections between entities in a graph structure. Useful for mapping relationships and showing which nodes are important in a network. Graph charts can be configured to be force-directed or circulate. If your data has a geospatial component, try the deck.gl Arc chart.",
    tags: ["Circular", "Comparison", "Directional", "ECharts", "Relational", "Structural", "Transformable", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter,
};
