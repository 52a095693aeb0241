import { chord as chordLayout } from "d3-chord";
import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS, legendOptions } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { withAlpha } from "../../colors/schemes";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";

// Superset's chord: a metric flowing between the values of a source column (form key `groupby`) and a target
// column (`columns`), kept as single values in form data as the legacy plugin did. The layout is d3-chord's,
// computed here; the outer arcs are a Chart.js doughnut (one segment per node, so legend and tooltips come free)
// and the ribbons are drawn inside its hole by the chord-ribbons plugin from the angles carried on the dataset.
// The arcs have no padding between them so the doughnut's segments and d3's groups share the same angles.

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "groupby", type: "ColumnControl", label: "Source", validators: [{ kind: "nonEmpty" }] },
        { name: "columns", type: "ColumnControl", label: "Target", validators: [{ kind: "nonEmpty" }] },
        c.metric(), c.adhocFilters(), c.rowLimit(), c.sortByMetric(false),
      ],
    },
    { label: "Chart Options", expanded: true, controls: [c.numberFormat("y_axis_format", "Number format"), c.colorScheme()] },
  ],
};

const single = (v: unknown) => ensureArray(v)[0];

function buildQuery(formData: FormData) {
  const columns = [single(formData.groupby), single(formData.columns)].filter((col) => col !== undefined && col !== "");
  const orderby: [unknown, boolean][] | undefined = formData.sort_by_metric && formData.metric ? [[formData.metric, false]] : undefined;
  return buildQueryContext(formData, (base) => [{ ...base, columns, ...(orderby ? { orderby } : {}) }]);
}

/** Superset's ChordViz.get_data: nodes sorted, matrix[i][j] = the metric flowing from node j to node i. */
export function chordMatrix(rows: Record<string, unknown>[], source: string, target: string, metric: string) {
  const nodes = [...new Set(rows.flatMap((r) => [String(r[source]), String(r[target])]))].sort();
  const index = new Map(nodes.map((n, i) => [n, i]));
  const matrix = nodes.map(() => nodes.map(() => 0));
  for (const r of rows) matrix[index.get(String(r[target]))!][index.get(String(r[source]))!] += num(r[metric]) ?? 0;
  return { nodes, matrix };
}

export interface Ribbon {
  source: { index: number; startAngle: number; endAngle: number; value: number };
  target: { index: number; startAngle: number; endAngle: number; value: number };
  color: string;
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const metric = getMetricLabel(formData.metric);
  const { nodes, matrix } = chordMatrix(rows, getColumnLabel(single(formData.groupby)), getColumnLabel(single(formData.columns)), metric);
  const layout = chordLayout().padAngle(0).sortSubgroups((a, b) => b - a)(matrix);
  const colorFn = colorFnFromFormData(formData);
  const colors = nodes.map((n) => colorFn(n));
  const groupValue = nodes.map((_, i) => layout.groups.find((g) => g.index === i)?.value ?? 0);
  const ribbons: Ribbon[] = layout.map((ch) => ({
    source: { index: ch.source.index, startAngle: ch.source.startAngle, endAngle: ch.source.endAngle, value: ch.source.value },
    target: { index: ch.target.index, startAngle: ch.target.startAngle, endAngle: ch.target.endAngle, value: ch.target.value },
    color: withAlpha(colors[ch.source.index], 0.65),
  }));
  const text = getNumberFormatter(formData.y_axis_format as string | undefined);
  return {
    kind: "chartjs",
    type: "doughnut",
    data: {
      labels: nodes,
      datasets: [{ label: metric, data: groupValue, backgroundColor: colors, borderColor: "#ffffff", borderWidth: 1, chordRibbons: ribbons }],
    },
    options: {
      ...BASE_OPTIONS,
      cutout: "88%",
      plugins: {
        legend: legendOptions({ ...formData, show_legend: true }),
        tooltip: { callbacks: { label: (item: { dataIndex: number }) => `${nodes[item.dataIndex]}: ${text(groupValue[item.dataIndex])}` } },
      },
    },
  };
}

export const chord: ChartType = {
  metadata: {
    name: "Chord Diagram",
    category: "Flow",
    description: "Showcases the flow or link between categories using thickness of chords. The value and corresponding thickness can be different for each side.",
    tags: ["Circular", "Legacy", "Proportional", "Relational"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
