import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import { crossFilter } from "./cross-filter";
import * as c from "../../controls/shared";
import { BASE_OPTIONS, categoryAxis, legendOptions, valueAxis } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { withAlpha } from "../../colors/schemes";
import { emptyModel, groupbyLabel, num, rowsOf, temporalColumns } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel, getMetricLabel, isDict } from "../../query/labels";

// Superset's box_plot: metrics aggregated per distribution column value and dimension, then the engine's boxplot
// step summarises each dimension's distribution. Drawn with @sgratzl/chartjs-chart-boxplot's `boxplot` type.

const WHISKERS: [string, string][] = [["Tukey", "Tukey"], ["Min/max (no outliers)", "Min/max (no outliers)"], ["2/98 percentiles", "2/98 percentiles"], ["9/91 percentiles", "9/91 percentiles"]];

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "columns", type: "GroupByControl", label: "Distribute across", multi: true, validators: [{ kind: "nonEmpty" }], description: "Columns to calculate distribution across." },
        c.timeGrain(),
        c.groupby(),
        c.metrics(),
        c.adhocFilters(),
        c.seriesLimit(),
        { name: "whiskerOptions", type: "SelectControl", label: "Whisker/outlier options", default: "Tukey", freeForm: true, choices: WHISKERS },
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [c.colorScheme(), c.text("x_axis_title", "X Axis Title"), c.text("y_axis_title", "Y Axis Title"), c.numberFormat("number_format", "Number format"), c.timeFormat("date_format", "Date format")],
    },
  ],
};

/** Superset's boxplotOperator: whisker options as the engine's whisker_type and percentiles. */
export function boxplotStep(formData: FormData, metrics: unknown[]) {
  const option = String(formData.whiskerOptions ?? "Tukey");
  const match = /(\d+)\/(\d+) percentiles/.exec(option);
  let whisker: string;
  let percentiles: number[] | undefined;
  if (option === "Tukey" || !option) whisker = "tukey";
  else if (option === "Min/max (no outliers)") whisker = "min/max";
  else if (match) [whisker, percentiles] = ["percentile", [Number(match[1]), Number(match[2])]];
  else throw new Error(`Unsupported whisker type: ${option}`);
  return {
    operation: "boxplot",
    options: { whisker_type: whisker, ...(percentiles ? { percentiles } : {}), groupby: ensureArray(formData.groupby).map(getColumnLabel), metrics: metrics.map(getMetricLabel) },
  };
}

function buildQuery(formData: FormData) {
  const lookup = isDict(formData.temporal_columns_lookup) ? formData.temporal_columns_lookup : {};
  const distribution = ensureArray(formData.columns);
  const columns = [...(!distribution.length && formData.granularity_sqla ? [formData.granularity_sqla] : []), ...distribution, ...ensureArray(formData.groupby)];
  return buildQueryContext(formData, (base) => [{
    ...base,
    columns: columns.map((col) =>
      typeof col === "string" && formData.time_grain_sqla && lookup[col]
        ? { timeGrain: formData.time_grain_sqla, columnType: "BASE_AXIS", sqlExpression: col, label: col, expressionType: "SQL" }
        : col),
    series_columns: formData.groupby,
    post_processing: [boxplotStep(formData, ensureArray(base.metrics))],
  }]);
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, theme } = input;
  const dims = ensureArray(formData.groupby).map(getColumnLabel);
  const metrics = ensureArray(formData.metrics).map(getMetricLabel);
  const dateText = getTimeFormatter(String(formData.date_format ?? "smart_date"));
  const temporal = temporalColumns(input.queriesData[0]);
  const labels = rows.map((r) => (dims.length ? groupbyLabel(r, dims, dateText, temporal) : "All"));
  const colorFn = colorFnFromFormData(formData);
  const text = getNumberFormatter(formData.number_format as string | undefined);
  const stat = (r: Record<string, unknown>, m: string, s: string) => num(r[`${m}__${s}`]);
  return {
    kind: "chartjs",
    type: "boxplot",
    data: {
      labels,
      datasets: metrics.map((m) => ({
        label: m,
        borderColor: colorFn(m),
        backgroundColor: withAlpha(colorFn(m), 0.4),
        data: rows.map((r) => ({
          min: stat(r, m, "min"), q1: stat(r, m, "q1"), median: stat(r, m, "median"), q3: stat(r, m, "q3"), max: stat(r, m, "max"),
          mean: stat(r, m, "mean"), count: stat(r, m, "count"), outliers: ensureArray(r[`${m}__outliers`]).map(num).filter((v) => v !== null),
        })),
      })),
    },
    options: {
      ...BASE_OPTIONS,
      plugins: { legend: legendOptions(formData, theme) },
      scales: {
        x: categoryAxis(formData.x_axis_title, theme),
        y: valueAxis(text, formData.y_axis_title, theme),
      },
    },
  };
}

export const boxPlot: ChartType = {
  crossFilter,
  metadata: {
    name: "Box Plot",
    category: "Distribution",
    description: "Also known as a box and whisker plot, this visualization compares the distributions of a related metric across multiple groups.",
    tags: ["Comparison", "ECharts", "Statistical", "Featured", "Distribution"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
