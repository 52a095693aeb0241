import type { Control, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";

// The ECharts timeseries family's panel (line, smooth, step, scatter, area, bar): one panel with the few
// controls that only some variants show.

export type Variant = "line" | "smooth" | "step" | "scatter" | "area" | "bar";

const noGroupby = (fd: FormData) => !Array.isArray(fd.groupby) || fd.groupby.length === 0;

export function timeseriesControlPanel(variant: Variant): ControlPanel {
  const chartOptions: Control[] = [
    c.colorScheme(),
    ...(variant === "step"
      ? [{ name: "seriesType", type: "SelectControl", label: "Step type", default: "start", renderTrigger: true, choices: [["start", "Start"], ["middle", "Middle"], ["end", "End"]] } as Control]
      : []),
    ...(variant === "bar" || variant === "area" || variant === "line"
      ? [{ name: "stack", type: "SelectControl", label: "Stacked Style", renderTrigger: true, default: null, choices: [[null, "None"], ["Stack", "Stack"], ["Expand", "Expand"]] } as Control]
      : []),
    ...(variant === "area" ? [{ name: "opacity", type: "SliderControl", label: "Area chart opacity", default: 0.2, min: 0, max: 1, step: 0.1, renderTrigger: true } as Control] : []),
    ...(variant === "bar"
      ? [{ name: "orientation", type: "SelectControl", label: "Bar orientation", default: "vertical", renderTrigger: true, choices: [["vertical", "Vertical"], ["horizontal", "Horizontal"]] } as Control]
      : [c.checkbox("markerEnabled", "Marker", variant === "scatter"), { name: "markerSize", type: "SliderControl", label: "Marker Size", default: 6, min: 0, max: 20, renderTrigger: true } as Control]),
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
          ...(variant === "bar"
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
