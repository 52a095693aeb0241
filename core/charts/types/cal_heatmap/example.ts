import type { ChartExample } from "../../contract";
import { timeRange } from "../../example-filters";

// A year of daily sales, a month per block.
export const example: ChartExample = {
  name: "Daily sales through 2004 (calendar)",
  dataset: "cleaned_sales_data",
  params: {
    granularity_sqla: "order_date", domain_granularity: "month", subdomain_granularity: "day", metrics: ["sum__sales"],
    adhoc_filters: [timeRange("order_date", "2004-01-01 : 2005-01-01")], linear_color_scheme: "blue_white_yellow",
    cell_size: 10, cell_padding: 2, cell_radius: 0, steps: 10, y_axis_format: "SMART_NUMBER", x_axis_time_format: "%Y-%m-%d",
    show_legend: true, show_values: false, show_metric_name: true,
  },
};
