import type { Control, ControlPanel } from "../../contract";
import * as c from "../../controls/shared";

// Two queries on one x-axis: Query A's controls by Superset's names, Query B's the same names suffixed "_b", and
// per-query display options suffixed "B" (seriesTypeB, yAxisIndexB, ...), as Superset's MixedTimeseries saves them.

const SERIES_TYPES: [string, string][] = [
  ["echarts_timeseries_line", "Line"], ["echarts_timeseries_scatter", "Scatter"], ["echarts_timeseries_smooth", "Smooth Line"],
  ["echarts_timeseries_step", "Step - start"], ["echarts_area", "Area"], ["echarts_timeseries_bar", "Bar"],
];

function queryControls(suffix: string): Control[] {
  const analytics = c.advancedAnalyticsSection().controls;
  return [c.metrics(), c.groupby(), c.adhocFilters(), c.seriesLimit(), c.seriesLimitMetric(), c.orderDesc(), c.rowLimit(), c.truncateMetric(), ...analytics]
    .map((ctl) => ({
      ...ctl,
      name: `${ctl.name}${suffix}`,
      // a visibility rule reads the same query's keys
      ...(ctl.visibility && suffix ? { visibility: (fd) => ctl.visibility!(Object.fromEntries(Object.entries(fd).map(([k, v]) => [k.replace(/_b$/, ""), v]))) } : {}),
    }));
}

function displayControls(suffix: string, axisDefault: number): Control[] {
  return [
    { name: `seriesType${suffix}`, type: "SelectControl", label: "Series type", default: "echarts_timeseries_line", renderTrigger: true, choices: SERIES_TYPES },
    { name: `stack${suffix}`, type: "CheckboxControl", label: "Stack series", default: false, renderTrigger: true },
    { name: `opacity${suffix}`, type: "SliderControl", label: "Area chart opacity", default: 0.2, min: 0, max: 1, step: 0.1, renderTrigger: true },
    { name: `markerEnabled${suffix}`, type: "CheckboxControl", label: "Marker", default: false, renderTrigger: true },
    { name: `markerSize${suffix}`, type: "SliderControl", label: "Marker size", default: 6, min: 0, max: 100, renderTrigger: true },
    { name: `yAxisIndex${suffix}`, type: "SelectControl", label: "Y Axis", default: axisDefault, renderTrigger: true, choices: [[0, "Primary"], [1, "Secondary"]] },
  ];
}

export const controlPanel: ControlPanel = {
  sections: [
    { label: "Shared query fields", expanded: true, controls: [c.xAxis(), c.timeGrain()] },
    { label: "Query A", expanded: true, controls: queryControls("") },
    { label: "Query B", expanded: true, controls: queryControls("_b") },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.colorScheme(),
        c.checkbox("show_query_identifiers", "Show query identifiers", false, "Add Query A and Query B identifiers to tooltips and legend"),
        ...displayControls("", 0),
        ...displayControls("B", 0),
        c.showLegend(),
        c.legendOrientation(),
        c.timeFormat("x_axis_time_format", "Time format"),
        c.checkbox("rich_tooltip", "Rich tooltip", true),
        c.timeFormat("tooltipTimeFormat", "Tooltip time format"),
        c.numberFormat("y_axis_format", "Primary y-axis format"),
        { name: "y_axis_bounds", type: "BoundsControl", label: "Primary y-axis Bounds", default: [null, null], renderTrigger: true },
        c.checkbox("logAxis", "Logarithmic y-axis", false),
        c.numberFormat("y_axis_format_secondary", "Secondary y-axis format"),
        { name: "y_axis_bounds_secondary", type: "BoundsControl", label: "Secondary y-axis Bounds", default: [null, null], renderTrigger: true },
        c.checkbox("logAxisSecondary", "Logarithmic y-axis (secondary)", false),
        c.text("x_axis_title", "X Axis Title"),
        c.text("y_axis_title", "Primary y-axis Title"),
        c.text("y_axis_title_secondary", "Secondary y-axis Title"),
      ],
    },
  ],
};
