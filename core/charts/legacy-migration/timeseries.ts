import type { LegacyFormData, LegacySpec } from "./base";

// The NVD3 time-series family (line, area, bar, dist_bar) into the ECharts time-series types, as Superset's
// TimeseriesChart processors map them: margins become axis-title margins, the brush zooming, markers the marker
// switch, "45°" tick layout a 45° label rotation, a comparison "1 year" the offset "1 year ago", absolute
// comparison Superset's "difference"; the legacy time column becomes the x-axis.

const RENAME: Record<string, string> = {
  bottom_margin: "x_axis_title_margin",
  left_margin: "y_axis_title_margin",
  show_controls: "show_extra_controls",
  x_axis_label: "x_axis_title",
  x_axis_format: "x_axis_time_format",
  x_axis_showminmax: "truncateXAxis",
  x_ticks_layout: "xAxisLabelRotation",
  y_axis_label: "y_axis_title",
  y_axis_showminmax: "truncateYAxis",
  y_log_scale: "logAxis",
};
const REMOVE = ["contribution", "line_interpolation", "reduce_x_ticks", "show_brush", "show_markers"];

const noMargin = (v: unknown) => !v || v === "auto";

/** Superset's as_list: a list stays, anything else becomes a one-item list. */
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

function timeseriesPre(fd: LegacyFormData): void {
  fd.contributionMode = fd.contribution ? "row" : null;
  fd.zoomable = fd.show_brush === "yes";
  fd.markerEnabled = fd.show_markers || false;
  fd.y_axis_showminmax = true;
  if (fd.x_axis_label && noMargin(fd.bottom_margin)) fd.bottom_margin = 30;
  if (fd.y_axis_label && noMargin(fd.left_margin)) fd.left_margin = 30;
  if (fd.time_compare !== undefined && fd.time_compare !== null) {
    fd.time_compare = asList(fd.time_compare)
      .map((v) => String(v).trim())
      .filter(Boolean)
      .map((v) => (v.endsWith(" ago") ? v : `${v} ago`));
  }
  const comparison = fd.comparison_type || "values";
  fd.comparison_type = comparison === "absolute" ? "difference" : comparison;
  if (fd.x_ticks_layout) fd.x_ticks_layout = fd.x_ticks_layout === "45°" ? 45 : 0;
}

/** A member of the family: the shared renames, removals and pre-action, then its own. */
const timeseries = (spec: LegacySpec): LegacySpec => ({
  hasXAxisControl: true,
  ...spec,
  rename: { ...RENAME, ...spec.rename },
  remove: [...REMOVE, ...(spec.remove ?? [])],
  pre: (fd) => {
    timeseriesPre(fd);
    spec.pre?.(fd);
  },
});

const LINE_TARGETS: Record<string, [string, string?]> = {
  cardinal: ["echarts_timeseries_smooth"],
  "step-before": ["echarts_timeseries_step", "start"],
  "step-after": ["echarts_timeseries_step", "end"],
};

export const line = timeseries({
  target: (fd) => LINE_TARGETS[String(fd.line_interpolation)]?.[0] ?? "echarts_timeseries_line",
  pre: (fd) => {
    const seriesType = LINE_TARGETS[String(fd.line_interpolation)]?.[1];
    if (seriesType) fd.seriesType = seriesType;
  },
});

const STACKED: Record<string, string> = { expand: "Expand", stack: "Stack", stream: "Stream" };

export const area = timeseries({
  target: "echarts_area",
  remove: ["stacked_style"],
  pre: (fd) => {
    fd.stack = STACKED[String(fd.stacked_style || "stack")] ?? null;
    fd.opacity = 0.7;
  },
});

export const bar = timeseries({
  target: "echarts_timeseries_bar",
  rename: { show_bar_value: "show_value" },
  remove: ["bar_stacked"],
  pre: (fd) => {
    fd.stack = fd.bar_stacked ? "Stack" : null;
  },
});

/** The categorical bar: its first group-by is the x-axis, the rest and its columns the dimensions. */
export const distBar = timeseries({
  target: "echarts_timeseries_bar",
  hasXAxisControl: false,
  rename: { show_bar_value: "show_value" },
  remove: ["bar_stacked", "columns"],
  pre: (fd) => {
    const groupby = Array.isArray(fd.groupby) ? fd.groupby : [];
    const columns = Array.isArray(fd.columns) ? fd.columns : [];
    if (groupby.length) fd.x_axis = groupby[0];
    fd.groupby = [...groupby.slice(1), ...columns];
    fd.stack = fd.bar_stacked ? "Stack" : null;
    fd.x_ticks_layout = 45;
  },
});
