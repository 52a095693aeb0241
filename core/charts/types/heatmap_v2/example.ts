import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Sales by product line and month",
  dataset: "cleaned_sales_data",
  params: {
    x_axis: "month", groupby: "product_line", metric: "sum__sales", adhoc_filters: [noTimeFilter("order_date")], row_limit: 10000,
    linear_color_scheme: "blue_white_yellow", normalize_across: "heatmap", sort_x_axis: "alpha_asc", sort_y_axis: "alpha_asc", y_axis_format: "SMART_NUMBER", show_legend: true, show_percentage: true,
  },
};
