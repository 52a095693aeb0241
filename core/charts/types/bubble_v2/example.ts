import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Orders, prices and sales by country",
  dataset: "cleaned_sales_data",
  params: {
    entity: "country", series: "territory", x: "count_distinct__order_number", y: "avg__price_each", size: "sum__sales", adhoc_filters: [noTimeFilter("order_date")],
    limit: 20, max_bubble_size: "25", opacity: 0.6, color_scheme: "supersetColors", show_legend: true, x_axis_label: "Orders", y_axis_label: "Average price", y_axis_format: "$,.2f", xAxisFormat: "SMART_NUMBER",
  },
};
