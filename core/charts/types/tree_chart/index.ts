import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { buildQueryContext } from "../../query/build-query-context";
import { getColumnLabel, getMetricLabel } from "../../query/labels";

// Superset's tree_chart (ECharts Tree): one row per node with its id, its parent's id, an optional name and
// metric. Drawn with chartjs-chart-graph's `tree` type (d3-hierarchy's tidy tree), orthogonal in the four
// orientations or radial. A parent value that is no row's id becomes a node of its own, so a column pair like
// product_line → product_code draws as a tree; several roots hang under one "root" node.

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "id", type: "ColumnControl", label: "Id", validators: [{ kind: "nonEmpty" }], description: "Name of the id column" },
        { name: "parent", type: "ColumnControl", label: "Parent", validators: [{ kind: "nonEmpty" }], description: "Name of the column containing the id of the parent node" },
        { name: "name", type: "ColumnControl", label: "Name", description: "Optional name of the data column." },
        { name: "root_node_id", type: "TextControl", label: "Root node id", renderTrigger: true, description: "Id of root node of the tree." },
        c.metric({ validators: [], description: "Metric for node values" }),
        c.adhocFilters(), c.rowLimit(),
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        { name: "layout", type: "SelectControl", label: "Tree layout", default: "orthogonal", renderTrigger: true, choices: [["orthogonal", "Orthogonal"], ["radial", "Radial"]], description: "Layout type of tree" },
        {
          name: "orient", type: "SelectControl", label: "Tree orientation", default: "LR", renderTrigger: true, visibility: (fd) => fd.layout !== "radial",
          choices: [["LR", "Left to Right"], ["RL", "Right to Left"], ["TB", "Top to Bottom"], ["BT", "Bottom to Top"]], description: "Orientation of tree",
        },
        { name: "symbolSize", type: "SliderControl", label: "Symbol size", default: 7, min: 5, max: 30, step: 2, renderTrigger: true, description: "Size of edge symbols" },
      ],
    },
  ],
};

function buildQuery(formData: FormData) {
  const columns = [...new Set([formData.id, formData.parent, formData.name].filter((col): col is string => typeof col === "string" && col !== ""))];
  return buildQueryContext(formData, (base) => [{ ...base, columns }]);
}

export interface TreeNodeOut { name: string; value: number | null; parent?: number }

const present = (v: unknown) => v !== null && v !== undefined && v !== "";

/** The tree as a node list, root first, each child after its parent with `parent` its index (breadth first). */
export function treeNodes(rows: Record<string, unknown>[], cols: { id: string; parent: string; name: string; metric?: string }, rootId?: string): TreeNodeOut[] {
  const info = new Map<string, { name: string; value: number | null }>();
  const children = new Map<string, string[]>();
  const parentOf = new Map<string, string | null>();
  for (const r of rows) {
    const id = String(r[cols.id]);
    info.set(id, { name: String(r[cols.name] ?? id), value: cols.metric ? num(r[cols.metric]) : null });
    parentOf.set(id, present(r[cols.parent]) ? String(r[cols.parent]) : null);
  }
  for (const [id, parent] of parentOf) {
    if (parent === null) continue;
    if (!info.has(parent)) {
      info.set(parent, { name: parent, value: null });
      parentOf.set(parent, null);
    }
    children.set(parent, [...(children.get(parent) ?? []), id]);
  }
  const ROOT = "\u0000root";
  let top: string;
  if (rootId !== undefined && info.has(rootId)) top = rootId;
  else {
    const roots = [...parentOf].filter(([, p]) => p === null).map(([id]) => id);
    if (roots.length === 1) top = roots[0];
    else {
      top = ROOT;
      info.set(ROOT, { name: "root", value: null });
      children.set(ROOT, roots);
    }
  }
  const out: TreeNodeOut[] = [];
  const queue: [string, number | undefined][] = [[top, undefined]];
  const seen = new Set<string>();
  while (queue.length) {
    const [id, parent] = queue.shift()!;
    if (seen.has(id)) continue; // a cycle in the data: each node once
    seen.add(id);
    out.push({ ...info.get(id)!, ...(parent === undefined ? {} : { parent }) });
    const index = out.length - 1;
    for (const child of children.get(id) ?? []) queue.push([child, index]);
  }
  return out;
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const id = getColumnLabel(formData.id);
  const metric = present(formData.metric) ? getMetricLabel(formData.metric) : undefined;
  const nodes = treeNodes(rows, { id, parent: getColumnLabel(formData.parent), name: present(formData.name) ? getColumnLabel(formData.name) : id, metric }, present(formData.root_node_id) ? String(formData.root_node_id) : undefined);
  const radial = formData.layout === "radial";
  const orient = String(formData.orient ?? "LR");
  const color = colorFnFromFormData(formData)("");
  const text = getNumberFormatter(undefined);
  const radius = (num(formData.symbolSize) ?? 7) / 2;
  return {
    kind: "chartjs",
    type: "tree",
    data: {
      labels: nodes.map((n) => n.name),
      datasets: [{
        label: metric ?? id,
        data: nodes.map((n) => (n.parent === undefined ? {} : { parent: n.parent })),
        tree: { orientation: radial ? "radial" : orient === "TB" || orient === "BT" ? "vertical" : "horizontal" },
        pointRadius: radius,
        pointHoverRadius: radius + 2,
        pointBackgroundColor: "#ffffff",
        pointBorderColor: color,
        pointBorderWidth: 1.5,
        edgeLineBorderColor: "#cccccc",
        edgeLineBorderWidth: 1.5,
        nodeLabels: true,
      }],
    },
    options: {
      ...BASE_OPTIONS,
      layout: { padding: { left: 30, right: 90, top: 20, bottom: 20 } },
      // the plugin lays out with the root at x = -1 (left) and y = 1 (top); reversing an axis flips the tree
      scales: { x: { reverse: !radial && orient === "RL" }, y: { reverse: !radial && orient === "BT" } },
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item: { dataIndex: number }) => { const n = nodes[item.dataIndex]; return n.value === null ? n.name : `${n.name}: ${text(n.value)}`; } } },
      },
    },
  };
}

export const treeChart: ChartType = {
  metadata: {
    name: "Tree Chart",
    category: "Part of a Whole",
    description: "Visualize multiple levels of hierarchy using a familiar tree-like structure.",
    tags: ["Categorical", "ECharts", "Multi-Levels", "Relational", "Structural"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
