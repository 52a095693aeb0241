import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Sales per month",
  dataset: "cleaned_sales_data",
  params: {
    x_axis: "order_date", time_grain_sqla: "P1M", metric: "sum__sales", adhoc_filters: [noTimeFilter("order_date")],
    compare_lag: 1, compare_suffix: "over last month", show_trend_line: true, start_y_axis_at_zero: true, y_axis_format: "$,.2f", header_font_size: 0.4, subheader_font_size: 0.15,
  },
};
