import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Sales and orders per month",
  dataset: "cleaned_sales_data",
  params: {
    x_axis: "order_date", time_grain_sqla: "P1M", metrics: ["sum__sales"], groupby: [], adhoc_filters: [noTimeFilter("order_date")], seriesType: "echarts_timeseries_bar", row_limit: 10000,
    metrics_b: ["count_distinct__order_number"], groupby_b: [], adhoc_filters_b: [noTimeFilter("order_date")], seriesTypeB: "echarts_timeseries_line", yAxisIndexB: 1, row_limit_b: 10000,
    y_axis_format: "$,.2f", y_axis_format_secondary: ",d", color_scheme: "supersetColors", show_legend: true, rich_tooltip: true,
  },
};
