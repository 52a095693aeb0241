import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Sales per quarter",
  dataset: "cleaned_sales_data",
  params: {
    x_axis: "order_date", time_grain_sqla: "P3M", metric: "sum__sales", groupby: [], adhoc_filters: [noTimeFilter("order_date")], row_limit: 10000,
    increase_color: { r: 90, g: 193, b: 137, a: 1 }, decrease_color: { r: 224, g: 67, b: 85, a: 1 }, total_color: { r: 102, g: 102, b: 102, a: 1 },
    show_value: true, x_axis_time_format: "smart_date", y_axis_format: "SMART_NUMBER", x_axis_label: "Quarter", y_axis_label: "Sales",
  },
};
