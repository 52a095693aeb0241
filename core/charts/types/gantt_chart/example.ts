import type { ChartExample } from "../../contract";
import { timeRange } from "../../example-filters";

export const example: ChartExample = {
  name: "Flights of one day by departure airport",
  dataset: "flights",
  params: {
    start_time: "scheduled_departure", end_time: "scheduled_arrival", y_axis: "origin", series: "airline_name", subcategories: false,
    tooltip_columns: ["destination", "flight_number"], tooltip_metrics: [], adhoc_filters: [timeRange("scheduled_departure", "2015-03-02 : 2015-03-03")],
    order_by_cols: ['["origin", true]'], row_limit: 1000, color_scheme: "supersetColors", show_legend: true, legendOrientation: "right",
    x_axis_time_format: "%H:%M", tooltipTimeFormat: "%Y-%m-%d %H:%M", tooltipValuesFormat: "SMART_NUMBER",
  },
};
