import type { ChartModel, ChartPropsInput, FormData } from "../../contract";
import { BASE_OPTIONS, bounds, categoryAxis, legendOptions, themeColors, valueAxis } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, hasRows } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { getXAxisLabel } from "../../query/labels";
import { SERIES_STYLE_VARIANTS, type DrawnVariant } from "../timeseries/control-panel";
import { colorKey, extractSeries, isTimeShift } from "../timeseries/series";
import { datasetStyle, isTemporalX } from "../timeseries/transform-props";
import { queryAFormData, queryBFormData } from "./build-query";

// Both queries' series on one category x-axis (the union of their x values, ascending); each query draws with
// its own series type and sits on the primary (y) or secondary (y1, right) axis.

/**
 * seriesType / seriesTypeB: the chart-type names Superset's mixed chart saves today (its example bundle's), and
 * the EchartsTimeseriesSeriesType values (line, bar, the three steps …) older Superset versions saved.
 */
const VARIANTS: Record<string, DrawnVariant> = {
  ...SERIES_STYLE_VARIANTS,
  echarts_timeseries_line: "line", echarts_timeseries_scatter: "scatter", echarts_timeseries_smooth: "smooth",
  echarts_timeseries_step: "step", echarts_area: "area", echarts_timeseries_bar: "bar",
};

/** The display options of one query, under the plain names datasetStyle reads. */
function displayOf(formData: FormData, suffix: "" | "B"): FormData {
  const pick = (k: string) => formData[`${k}${suffix}`];
  return { ...formData, opacity: pick("opacity"), markerSize: pick("markerSize"), markerEnabled: pick("markerEnabled"), stack: pick("stack"), seriesType: "start" };
}

export function transformProps(input: ChartPropsInput): ChartModel {
  const [qa, qb] = input.queriesData;
  if (!hasRows(qa) && !hasRows(qb)) return emptyModel();
  const { formData, theme } = input;
  const xLabel = getXAxisLabel(formData);
  const temporal = isTemporalX({ ...input, queriesData: [hasRows(qa) ? qa : qb] }, xLabel);
  const xs = [...new Set([...(qa?.data ?? []), ...(qb?.data ?? [])].map((r) => r[xLabel]))].sort((a, b) =>
    typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b)));
  const colorFn = colorFnFromFormData(formData);
  const identifiers = formData.show_query_identifiers === true;
  const datasets = ([[qa, "", queryAFormData(formData)], [qb, "B", queryBFormData(formData)]] as const).flatMap(([q, suffix, fd]) => {
    if (!hasRows(q)) return [];
    const { x, series } = extractSeries(q!.data, xLabel, fd);
    const at = new Map(x.map((v, i) => [v, i]));
    const variant = VARIANTS[String(formData[`seriesType${suffix}`])] ?? "line";
    const axis = Number(formData[`yAxisIndex${suffix}`] ?? 0) === 1 ? "y1" : "y";
    return series.map((s) => {
      const label = identifiers ? `${s.name} (Query ${suffix ? "B" : "A"})` : s.name;
      return {
        label,
        // the query and series a click cross-filters by
        query: suffix ? "B" : "A",
        seriesName: s.name,
        data: xs.map((v) => (at.has(v) ? s.values[at.get(v)!] : null)),
        yAxisID: axis,
        ...datasetStyle(variant, displayOf(formData, suffix), colorFn(colorKey(s.name, fd)), isTimeShift(s.name, fd)),
      };
    });
  });
  const primary = getNumberFormatter(formData.y_axis_format as string | undefined);
  const secondary = getNumberFormatter(formData.y_axis_format_secondary as string | undefined);
  const xText = temporal ? getTimeFormatter(String(formData.x_axis_time_format ?? "smart_date")) : (v: unknown) => String(v);
  const tooltipX = temporal ? getTimeFormatter(String(formData.tooltipTimeFormat ?? "smart_date")) : xText;
  const yAxis = (fmt: (v: unknown) => string, log: unknown, bound: unknown, title: unknown, position: string) =>
    valueAxis(fmt, title, theme, { type: log ? "logarithmic" : "linear", position, ...bounds(bound), grid: { color: themeColors(theme).grid, drawOnChartArea: position === "left" } });
  return {
    kind: "chartjs",
    type: "line",
    data: { labels: xs.map(xText), datasets },
    options: {
      ...BASE_OPTIONS,
      interaction: formData.rich_tooltip === false ? { mode: "nearest", intersect: true } : { mode: "index", intersect: false },
      plugins: {
        legend: legendOptions(formData, theme),
        tooltip: {
          callbacks: {
            title: (items: { dataIndex: number }[]) => (items.length ? tooltipX(xs[items[0].dataIndex]) : ""),
            label: (item: { dataset: { label?: string; yAxisID?: string }; raw: unknown }) =>
              `${item.dataset.label}: ${(item.dataset.yAxisID === "y1" ? secondary : primary)(item.raw)}`,
          },
        },
      },
      scales: {
        x: categoryAxis(formData.x_axis_title, theme),
        y: yAxis(primary, formData.logAxis, formData.y_axis_bounds, formData.y_axis_title, "left"),
        y1: yAxis(secondary, formData.logAxisSecondary, formData.y_axis_bounds_secondary, formData.y_axis_title_secondary, "right"),
      },
    },
  };
}
