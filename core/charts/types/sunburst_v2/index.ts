import type { ChartModel, ChartPropsInput, ChartType, ControlPanel } from "../../contract";
import { crossFilter } from "./cross-filter";
import * as c from "../../controls/shared";
import { legendOptions, BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, rowsOf, temporalColumns } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { buildTree } from "../../hierarchy";
import { sortByMetricQuery } from "../../query/sort-by-metric";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";

// Superset's sunburst_v2 as concentric Chart.js doughnut rings, one per hierarchy level (innermost first). Every
// ring lists its nodes in the tree's depth-first order and children sum to their parent (d3-hierarchy), so each
// child's arc sits under its parent's.

const controlPanel: ControlPanel = {
  sections: [
    { label: "Query", expanded: true, controls: [{ name: "columns", type: "GroupByControl", label: "Hierarchy", multi: true, validators: [{ kind: "nonEmpty" }] }, c.metric(), c.adhocFilters(), c.rowLimit(), c.sortByMetric(false)] },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.colorScheme(), c.linearColorScheme(), c.checkbox("show_labels", "Show Labels", true),
        { name: "show_labels_threshold", type: "NumberControl", label: "Percentage threshold", default: 5, renderTrigger: true },
        { name: "label_type", type: "SelectControl", label: "Label Type", default: "key", renderTrigger: true, choices: [["key", "Category Name"], ["value", "Value"], ["key_value", "Category and Value"]] },
        c.numberFormat("number_format", "Number format"), c.timeFormat("date_format", "Date format"),
      ],
    },
  ],
};

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const dims = ensureArray(formData.columns).map(getColumnLabel);
  const metric = getMetricLabel(formData.metric);
  const temporal = temporalColumns(input.queriesData[0]);
  const dateText = getTimeFormatter(String(formData.date_format ?? "smart_date"));
  const root = buildTree(rows, dims, metric, metric, (d, v) => (temporal.has(d) ? dateText(v) : v === null ? "<NULL>" : String(v)));
  const total = root.value ?? 0;
  const colorFn = colorFnFromFormData(formData);
  const valueText = getNumberFormatter(formData.number_format as string | undefined);
  const pct = getNumberFormatter(".2%");
  // pre-order walks of the same sorted tree list every ring's nodes in matching order (every branch is full depth)
  const rings = dims.map((_, i) => {
    const ring: (typeof root)[] = [];
    root.eachBefore((n) => void (n.depth === i + 1 && ring.push(n)));
    return ring;
  });
  const threshold = Number(formData.show_labels_threshold ?? 5) / 100;
  const labelType = String(formData.label_type ?? "key");
  const text = (name: string, v: number) => (labelType === "value" ? valueText(v) : labelType === "key_value" ? `${name}: ${valueText(v)}` : name);
  return {
    kind: "chartjs",
    type: "doughnut",
    data: {
      labels: root.children?.map((n) => n.data.name) ?? [],
      datasets: rings.map((ring, i) => ({
        label: dims[i],
        data: ring.map((n) => n.value ?? 0),
        // a node takes its top-level ancestor's colour, as the first ring's slices colour their branches
        backgroundColor: ring.map((n) => colorFn(n.data.path[0])),
        names: ring.map((n) => n.data.path.join(" / ")),
        // each arc's values from the centre: what a click on it cross-filters by
        paths: ring.map((n) => n.data.path),
        labelTexts: ring.map((n) => (formData.show_labels === false || (total && (n.value ?? 0) / total < threshold) ? "" : text(n.data.name, n.value ?? 0))),
      })),
    },
    options: {
      ...BASE_OPTIONS,
      cutout: "20%",
      plugins: {
        legend: { ...legendOptions(formData), display: false },
        tooltip: {
          callbacks: {
            label: (item: { datasetIndex: number; dataIndex: number }) => {
              const node = rings[item.datasetIndex][item.dataIndex];
              return `${node.data.path.join(" / ")}: ${valueText(node.value ?? 0)} (${pct(total ? (node.value ?? 0) / total : 0)})`;
            },
          },
        },
      },
    },
  };
}

export const sunburstV2: ChartType = {
  crossFilter,
  metadata: {
    name: "Sunburst Chart",
    category: "Part of a Whole",
    description: "Uses circles to visualize the flow of data through different stages of a system. Hover over individual paths in the visualization to understand the stages a value took.",
    tags: ["ECharts", "Multi-Levels", "Proportional", "Featured"],
  },
  controlPanel,
  buildQuery: sortByMetricQuery,
  transformProps,
};
