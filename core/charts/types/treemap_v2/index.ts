import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import { crossFilter } from "./cross-filter";
import * as c from "../../controls/shared";
import { BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, rowsOf, temporalColumns } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { buildTree } from "../../hierarchy";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";

// Superset's treemap_v2: one metric over a hierarchy of dimensions. Drawn with chartjs-chart-treemap's `treemap`
// type, which lays out `tree` by `groups` itself; the tree (d3-hierarchy) gives each rectangle its share of its
// parent for labels and tooltips, and top-level groups give the colours.

const LABEL_TYPES: [string, string][] = [["key", "Category Name"], ["value", "Value"], ["key_value", "Category and Value"]];

const controlPanel: ControlPanel = {
  sections: [
    { label: "Query", expanded: true, controls: [c.groupby({ label: "Dimensions" }), c.metric(), c.rowLimit(), c.sortByMetric(false), c.adhocFilters()] },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.colorScheme(), c.checkbox("show_labels", "Show Labels", true), c.checkbox("show_upper_labels", "Show Upper Labels", true),
        { name: "label_type", type: "SelectControl", label: "Label Type", default: "key_value", renderTrigger: true, choices: LABEL_TYPES },
        c.numberFormat("number_format", "Number format"), c.timeFormat("date_format", "Date format"),
      ],
    },
  ],
};

/** Treemap and sankey order by the metric (when sort_by_metric) then by each dimension, only under a row limit. */
export function hierarchyOrderby(formData: FormData, dims: unknown[]): [unknown, boolean][] | undefined {
  const limited = formData.row_limit !== undefined && formData.row_limit !== null && formData.row_limit !== 0;
  const orderby: [unknown, boolean][] = [...(formData.sort_by_metric && formData.metric ? [[formData.metric, false] as [unknown, boolean]] : []), ...dims.filter(Boolean).map((d) => [d, true] as [unknown, boolean])];
  return limited && orderby.length ? orderby : undefined;
}

function buildQuery(formData: FormData) {
  const orderby = hierarchyOrderby(formData, ensureArray(formData.groupby));
  return buildQueryContext(formData, (base) => [{ ...base, ...(orderby ? { orderby } : {}) }]);
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const dims = ensureArray(formData.groupby).map(getColumnLabel);
  const metric = getMetricLabel(formData.metric);
  const temporal = temporalColumns(input.queriesData[0]);
  const dateText = getTimeFormatter(String(formData.date_format ?? "smart_date"));
  const label = (d: string, v: unknown) => (temporal.has(d) ? dateText(v) : v === null ? "<NULL>" : String(v));
  const root = buildTree(rows, dims, metric, metric, label);
  const valueText = getNumberFormatter(formData.number_format as string | undefined);
  const pct = getNumberFormatter(".2%");
  const shareOf = new Map(root.descendants().map((n) => [n.data.path.join("\u0000"), n.parent?.value ? (n.value ?? 0) / n.parent.value : 1]));
  const colorFn = colorFnFromFormData(formData);
  // top-level groups take the scheme's colours largest first, whatever order the plugin asks in
  root.children?.forEach((n) => colorFn(n.data.name));
  const labelType = String(formData.label_type ?? "key_value");
  const text = (name: string, value: number) => (labelType === "key" ? name : labelType === "value" ? valueText(value) : `${name}: ${valueText(value)}`);
  const tree = rows.map((r) => ({ ...Object.fromEntries(dims.map((d) => [d, label(d, r[d])])), [metric]: r[metric] }));
  type Ctx = { type?: string; raw?: { g?: string; v?: number; l?: number; _data?: Record<string, unknown> } };
  return {
    kind: "chartjs",
    type: "treemap",
    data: {
      datasets: [{
        label: metric,
        tree,
        key: metric,
        groups: dims,
        spacing: 1,
        borderWidth: 1,
        // rectangles take their top-level group's colour, as Superset colours a treemap by its first dimension
        backgroundColor: (ctx: Ctx) => (ctx.type === "data" && ctx.raw?._data ? colorFn(String(ctx.raw._data[dims[0]])) : "transparent"),
        labels: { display: formData.show_labels !== false, formatter: (ctx: Ctx) => text(String(ctx.raw?.g ?? ""), ctx.raw?.v ?? 0) },
        captions: { display: formData.show_upper_labels !== false },
      }],
    },
    options: {
      ...BASE_OPTIONS,
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: () => "",
            // the plugin's grouped items carry their group values in _data; a path found there gives the share
            label: (ctx: Ctx) => {
              const level = ctx.raw?.l ?? dims.length - 1;
              const path = dims.slice(0, level + 1).map((d) => ctx.raw?._data?.[d]);
              const share = path.every((p) => typeof p === "string") ? shareOf.get(path.join("\u0000")) : undefined;
              return `${String(ctx.raw?.g ?? "")}: ${valueText(ctx.raw?.v ?? 0)}${share === undefined ? "" : ` (${pct(share)})`}`;
            },
          },
        },
      },
    },
  };
}

export const treemapV2: ChartType = {
  crossFilter,
  metadata: {
    name: "Treemap",
    category: "Part of a Whole",
    description: "Show hierarchical relationships of data, with the value represented by area, showing proportion and contribution to the whole.",
    tags: ["Categorical", "Comparison", "ECharts", "Multi-Levels", "Percentages", "Proportional", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
