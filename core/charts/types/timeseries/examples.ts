import type { ChartExample } from "../../contract";
import { noTimeFilter, timeRange } from "../../example-filters";
import type { Variant } from "./control-panel";

// One example chart per timeseries variant, each on the example dataset whose shape suits it best.

const common = { color_scheme: "supersetColors", show_legend: true, legendOrientation: "top", rich_tooltip: true, row_limit: 10000, truncate_metric: true, show_empty_columns: true };

export const TIMESERIES_EXAMPLES: Record<Variant, ChartExample> = {
  line: {
    name: "Births of the most popular names",
    dataset: "birth_names",
    params: { ...common, x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["name"], limit: 5, timeseries_limit_metric: "sum__num", order_desc: true, adhoc_filters: [noTimeFilter("ds")], y_axis_format: "SMART_NUMBER", x_axis_time_format: "%Y" },
  },
  smooth: {
    name: "Flights per week",
    dataset: "flights",
    params: { ...common, x_axis: "scheduled_departure", time_grain_sqla: "P1W", metrics: ["count"], groupby: [], adhoc_filters: [noTimeFilter("scheduled_departure")], y_axis_format: "SMART_NUMBER", x_axis_time_format: "smart_date" },
  },
  step: {
    name: "Events per quarter",
    dataset: "multiformat_time_series",
    params: { ...common, x_axis: "ds", time_grain_sqla: "P3M", metrics: ["count"], groupby: [], adhoc_filters: [noTimeFilter("ds")], seriesType: "start", y_axis_format: "SMART_NUMBER", x_axis_time_format: "smart_date" },
  },
  scatter: {
    name: "Daily average departure delay by airline",
    dataset: "flights",
    params: { ...common, x_axis: "scheduled_departure", time_grain_sqla: "P1D", metrics: ["avg__departure_delay"], groupby: ["airline_name"], limit: 3, timeseries_limit_metric: "count", order_desc: true, adhoc_filters: [timeRange("scheduled_departure", "2015-01-01 : 2015-03-01")], y_axis_format: ",.1f", markerSize: 6 },
  },
  area: {
    name: "Monthly sales by product line",
    dataset: "cleaned_sales_data",
    params: { ...common, x_axis: "order_date", time_grain_sqla: "P1M", metrics: ["sum__sales"], groupby: ["product_line"], adhoc_filters: [noTimeFilter("order_date")], stack: "Stack", opacity: 0.7, y_axis_format: "SMART_NUMBER", x_axis_time_format: "smart_date" },
  },
  generic: {
    name: "Orders per month by deal size",
    dataset: "cleaned_sales_data",
    params: { ...common, x_axis: "order_date", time_grain_sqla: "P1M", metrics: ["count_distinct__order_number"], groupby: ["deal_size"], adhoc_filters: [noTimeFilter("order_date")], seriesType: "smooth", area: true, opacity: 0.3, stack: "Stack", y_axis_format: "SMART_NUMBER", x_axis_time_format: "smart_date" },
  },
  bar: {
    name: "Sales by country and deal size",
    dataset: "cleaned_sales_data",
    params: { ...common, x_axis: "country", metrics: ["sum__sales"], groupby: ["deal_size"], adhoc_filters: [noTimeFilter("order_date")], stack: "Stack", orientation: "vertical", y_axis_format: "SMART_NUMBER" },
  },
};
