import type { ChartModel, ChartPropsInput, FormData } from "../../contract";
import { BASE_OPTIONS, bounds, categoryAxis, legendOptions, valueAxis } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { withAlpha } from "../../colors/schemes";
import { emptyModel, GENERIC_TYPE, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { ensureArray, getMetricLabel, getXAxisLabel } from "../../query/labels";
import { annotationLayers } from "./annotations";
import type { DrawnVariant } from "./control-panel";
import { verboseLabel } from "../../verbose-map";
import { colorKey, expandToShares, extractSeries, isTimeShift } from "./series";

// Pivoted, flattened timeseries data as a Chart.js config. The x-axis is a category axis of the x values (labels
// formatted with x_axis_time_format when temporal), so no date adapter is needed and bars and lines share it.

const STEP: Record<string, string> = { start: "before", middle: "middle", end: "after" };

export function isTemporalX(input: ChartPropsInput, xLabel: string): boolean {
  const q = input.queriesData[0];
  const at = q.colnames?.indexOf(xLabel) ?? -1;
  if (at >= 0 && q.coltypes?.[at] !== undefined) return q.coltypes[at] === GENERIC_TYPE.TEMPORAL;
  return xLabel === "__timestamp" || (typeof input.formData.x_axis === "string" && Boolean(input.formData.time_grain_sqla) && q.data.every((r) => typeof r[xLabel] === "number"));
}

export function datasetStyle(variant: DrawnVariant, formData: FormData, color: string, dashed: boolean, area = variant === "area"): Record<string, unknown> {
  const markerSize = typeof formData.markerSize === "number" ? formData.markerSize : 6;
  const markers = variant === "scatter" || formData.markerEnabled === true;
  const base: Record<string, unknown> = { borderColor: color, backgroundColor: color, ...(dashed ? { borderDash: [5, 5] } : {}) };
  if (variant === "bar") return { ...base, type: "bar" };
  return {
    ...base,
    type: "line",
    pointRadius: markers ? markerSize / 2 : 0,
    showLine: variant !== "scatter",
    tension: variant === "smooth" ? 0.4 : 0,
    stepped: variant === "step" ? STEP[String(formData.seriesType ?? "start")] ?? "before" : false,
    ...(area ? { fill: formData.stack ? "stack" : "origin", backgroundColor: withAlpha(color, typeof formData.opacity === "number" ? formData.opacity : 0.2) } : { fill: false }),
    spanGaps: false,
  };
}

/** `area` fills under line-like series whatever the variant (the generic chart's "Area chart" checkbox). */
export function transformTimeseries(variant: DrawnVariant, input: ChartPropsInput, area = variant === "area"): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, theme } = input;
  const xLabel = getXAxisLabel(formData);
  const temporal = isTemporalX(input, xLabel);
  const { x, series: raw } = extractSeries(rows, xLabel, formData);
  const expand = formData.stack === "Expand";
  const series = expand ? expandToShares(raw) : raw;
  const colorFn = colorFnFromFormData(formData);
  // a series that is a saved metric (no dimension) is labelled by the metric's verbose name, as Superset's legend
  const metricNames = new Set(ensureArray(formData.metrics).map(getMetricLabel));
  const seriesLabel = (name: string) => (metricNames.has(name) ? verboseLabel(input.verboseMap, name) : name);
  const xText = temporal ? getTimeFormatter(String(formData.x_axis_time_format ?? "smart_date")) : (v: unknown) => String(v);
  const tooltipX = temporal ? getTimeFormatter(String(formData.tooltipTimeFormat ?? "smart_date")) : xText;
  const yText = getNumberFormatter(expand ? ".0%" : (formData.y_axis_format as string | undefined));
  const horizontal = variant === "bar" && formData.orientation === "horizontal";
  const stacked = Boolean(formData.stack);
  const annotations = annotationLayers(formData, input.queriesData[0], x);
  const yAxis = valueAxis(yText, formData.y_axis_title, theme, {
    type: formData.logAxis ? "logarithmic" : "linear", stacked, beginAtZero: !formData.truncateYAxis, ...bounds(formData.y_axis_bounds),
  });
  const xAxis = categoryAxis(formData.x_axis_title, theme, { stacked }, x.length);
  return {
    kind: "chartjs",
    type: variant === "bar" ? "bar" : "line",
    data: {
      labels: x.map(xText),
      datasets: [
        ...series.map((s) => ({ label: seriesLabel(s.name), data: s.values, ...datasetStyle(variant, formData, colorFn(colorKey(s.name, formData)), isTimeShift(s.name, formData), area) })),
        ...annotations.datasets,
      ],
    },
    options: {
      ...BASE_OPTIONS,
      // the pivot answers every series on the same sorted x values: Chart.js may skip checking it
      normalized: true,
      indexAxis: horizontal ? "y" : "x",
      interaction: formData.rich_tooltip === false ? { mode: "nearest", intersect: true } : { mode: "index", intersect: false },
      plugins: {
        legend: legendOptions(formData, theme),
        ...(Object.keys(annotations.boxes).length ? { annotation: { annotations: annotations.boxes } } : {}),
        tooltip: {
          callbacks: {
            title: (items: { dataIndex: number }[]) => (items.length ? tooltipX(x[items[0].dataIndex]) : ""),
            label: (item: { dataset: { label?: string }; raw: unknown }) => `${item.dataset.label}: ${yText(item.raw)}`,
          },
        },
      },
      scales: horizontal ? { y: xAxis, x: yAxis } : { x: xAxis, y: yAxis },
    },
  };
}
