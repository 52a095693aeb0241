import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS, categoryAxis, legendOptions, valueAxis } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, groupbyLabel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel } from "../../query/labels";

// Superset's histogram_v2: raw values of one numeric column (no metrics), binned by the engine's histogram
// step per group; each group is a bar series over the bins ("<start> - <end>").

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "column", type: "ColumnControl", label: "Column", validators: [{ kind: "nonEmpty" }], description: "Numeric column used to calculate the histogram." },
        c.groupby(),
        c.adhocFilters(),
        c.rowLimit(),
        { name: "bins", type: "SelectControl", label: "Bins", default: 5, freeForm: true, choices: [5, 10, 25, 50].map((n) => [n, String(n)]), validators: [{ kind: "integer" }] },
        c.queryCheckbox("normalize", "Normalize", false, "Returns the shares of each bin instead of counts"),
        c.queryCheckbox("cumulative", "Cumulative", false),
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [c.colorScheme(), c.checkbox("show_value", "Show Value", false), c.showLegend(), c.text("x_axis_title", "X Axis Title"), c.text("y_axis_title", "Y Axis Title"), c.numberFormat("y_axis_format", "Y Axis Format")],
    },
  ],
};

function buildQuery(formData: FormData) {
  const groupby = ensureArray(formData.groupby);
  const bins = Number.isNaN(Number(formData.bins ?? 5)) ? 5 : Number(formData.bins ?? 5);
  const column = typeof formData.column === "string" ? formData.column : getColumnLabel(formData.column);
  return buildQueryContext(formData, (base) => [{
    ...base,
    columns: [...groupby, formData.column],
    post_processing: [{ operation: "histogram", options: { column, groupby, bins, cumulative: formData.cumulative, normalize: formData.normalize } }],
    metrics: undefined,
  }]);
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, theme } = input;
  const dims = ensureArray(formData.groupby).map(getColumnLabel);
  const bins = Object.keys(rows[0]).filter((k) => !dims.includes(k));
  const colorFn = colorFnFromFormData(formData);
  const yText = getNumberFormatter(formData.normalize ? ".1%" : (formData.y_axis_format as string | undefined));
  return {
    kind: "chartjs",
    type: "bar",
    data: {
      labels: bins,
      datasets: rows.map((r) => {
        const name = dims.length ? groupbyLabel(r, dims) : getColumnLabel(formData.column);
        return { label: name, data: bins.map((b) => num(r[b])), backgroundColor: colorFn(name), borderColor: colorFn(name) };
      }),
    },
    options: {
      ...BASE_OPTIONS,
      plugins: { legend: legendOptions(formData, theme), tooltip: { callbacks: { label: (item: { dataset: { label?: string }; raw: unknown }) => `${item.dataset.label}: ${yText(item.raw)}` } } },
      scales: {
        x: categoryAxis(formData.x_axis_title, theme),
        y: valueAxis(yText, formData.y_axis_title, theme, { type: "linear", beginAtZero: true }),
      },
    },
  };
}

export const histogramV2: ChartType = {
  metadata: {
    name: "Histogram",
    category: "Distribution",
    description: "Take your data points, and group them into \"bins\" to see where the densest areas of information lie",
    tags: ["Comparison", "ECharts", "Pattern", "Popular", "Distribution"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
