import type { Control, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";

// The ECharts timeseries family's panel (line, smooth, step, scatter, area, bar, and Superset's generic chart,
// whose "Series Style" picks one of the others): one panel with the few controls that only some variants show.

/** How a chart's series are drawn. */
export type DrawnVariant = "line" | "smooth" | "step" | "scatter" | "area" | "bar";
/** A viz_type of the family: a drawn variant, or the generic chart that names its drawing in its form data. */
export type Variant = DrawnVariant | "generic";

/** Superset's generic chart's series styles (its EchartsTimeseriesSeriesType). */
export const GENERIC_SERIES_STYLES: [string, string][] = [
  ["line", "Line"], ["scatter", "Scatter"], ["smooth", "Smooth Line"], ["bar", "Bar"],
  ["start", "Step - start"], ["middle", "Step - middle"], ["end", "Step - end"],
];
/** What each series style (the generic chart's, and the mixed chart's older saves) draws as. */
export const SERIES_STYLE_VARIANTS: Readonly<Record<string, DrawnVariant>> = {
  line: "line", scatter: "scatter", smooth: "smooth", bar: "bar", start: "step", middle: "step", end: "step",
};
const isStyle = (fd: FormData, ...styles: string[]) => styles.includes(String(fd.seriesType ?? "line"));
const genericArea = (fd: FormData) => fd.area === true && !isStyle(fd, "bar", "scatter");

const noGroupby = (fd: FormData) => !Array.isArray(fd.groupby) || fd.groupby.length === 0;

export function timeseriesControlPanel(variant: Variant): ControlPanel {
  const chartOptions: Control[] = [
    c.colorScheme(),
    ...(variant === "generic" ? genericStyleControls() : []),
    ...(variant === "step"
      ? [{ name: "seriesType", type: "SelectControl", label: "Step type", default: "start", renderTrigger: true, choices: [["start", "Start"], ["middle", "Middle"], ["end", "End"]] } as Control]
      : []),
    ...(variant === "bar" || variant === "area" || variant === "line" || variant === "generic"
      ? [{ name: "stack", type: "SelectControl", label: "Stacked Style", renderTrigger: true, default: null, choices: [[null, "None"], ["Stack", "Stack"], ["Expand", "Expand"]] } as Control]
      : []),
    ...(variant === "area" ? [{ name: "opacity", type: "SliderControl", label: "Area chart opacity", default: 0.2, min: 0, max: 1, step: 0.1, renderTrigger: true } as Control] : []),
    ...(variant === "bar" ? [orientation()] : []),
    ...(variant === "generic" ? [{ ...orientation(), visibility: (fd: FormData) => isStyle(fd, "bar") }] : []),
    ...(variant === "bar" ? [] : [c.checkbox("markerEnabled", "Marker", variant === "scatter"), { name: "markerSize", type: "SliderControl", label: "Marker Size", default: 6, min: 0, max: 20, renderTrigger: true } as Control]),
    c.checkbox("show_value", "Show Value", false),
    c.showLegend(),
    c.legendOrientation(),
    c.text("x_axis_title", "X Axis Title"),
    c.text("y_axis_title", "Y Axis Title"),
    c.timeFormat("x_axis_time_format", "Time format"),
    c.numberFormat("y_axis_format", "Y Axis Format"),
    c.checkbox("logAxis", "Logarithmic y-axis", false),
    { name: "y_axis_bounds", type: "BoundsControl", label: "Y Axis Bounds", default: [null, null], renderTrigger: true },
    c.checkbox("truncateYAxis", "Truncate Y Axis", false),
    c.checkbox("rich_tooltip", "Rich tooltip", true, "Shows a list of all series available at that point in time"),
    c.timeFormat("tooltipTimeFormat", "Tooltip time format"),
    { name: "sort_series_type", type: "SelectControl", label: "Sort Series By", default: "sum", renderTrigger: true, choices: c.SORT_SERIES_CHOICES },
    c.checkbox("sort_series_ascending", "Sort Series Ascending", false),
  ];
  return {
    sections: [
      {
        label: "Query",
        expanded: true,
        controls: [
          c.xAxis(),
          c.timeGrain(),
          c.metrics(),
          c.groupby(),
          { name: "contributionMode", type: "SelectControl", label: "Contribution Mode", default: null, choices: [[null, "None"], ["row", "Row"], ["column", "Series"]] },
          c.adhocFilters(),
          c.seriesLimit(),
          c.seriesLimitMetric(),
          c.orderDesc(),
          c.rowLimit(),
          c.truncateMetric(),
          c.showEmptyColumns(),
          ...(variant === "bar" || variant === "generic"
            ? [{ name: "x_axis_sort", type: "SelectControl", label: "X-Axis Sort By", visibility: noGroupby } as Control, { name: "x_axis_sort_asc", type: "CheckboxControl", label: "X-Axis Sort Ascending", default: true, visibility: noGroupby } as Control]
            : []),
        ],
      },
      { label: "Annotations and Layers", expanded: false, controls: [{ name: "annotation_layers", type: "AnnotationLayerControl", label: "Annotation layers", default: [] }] },
      c.advancedAnalyticsSection(),
      { label: "Chart Options", expanded: true, controls: chartOptions },
    ],
  };
}

function orientation(): Control {
  return { name: "orientation", type: "SelectControl", label: "Bar orientation", default: "vertical", renderTrigger: true, choices: [["vertical", "Vertical"], ["horizontal", "Horizontal"]] };
}

/** The generic chart's own controls: the series style, and an area under line-like styles with its opacity. */
function genericStyleControls(): Control[] {
  return [
    { name: "seriesType", type: "SelectControl", label: "Series Style", default: "line", renderTrigger: true, description: "Series chart type (line, bar etc)", choices: GENERIC_SERIES_STYLES },
    { ...c.checkbox("area", "Area Chart", false, "Draw area under curves. Only applicable for line types."), visibility: (fd: FormData) => !isStyle(fd, "bar", "scatter") },
    { name: "opacity", type: "SliderControl", label: "Opacity", default: 0.2, min: 0, max: 1, step: 0.1, renderTrigger: true, description: "Opacity of Area Chart. Also applies to confidence band.", visibility: genericArea },
  ];
}

/** What the generic chart's form data draws: its series style as a drawn variant, and whether areas are filled. */
export function genericDrawing(fd: FormData): { variant: DrawnVariant; area: boolean } {
  return { variant: SERIES_STYLE_VARIANTS[String(fd.seriesType ?? "line")] ?? "line", area: genericArea(fd) };
}
