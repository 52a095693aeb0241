import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Sales by product line",
  dataset: "cleaned_sales_data",
  params: {
    groupby: ["product_line"], metric: "sum__sales", adhoc_filters: [noTimeFilter("order_date")], row_limit: 100, sort_by_metric: true,
    color_scheme: "supersetColors", show_labels: true, label_type: "key_percent", number_format: "SMART_NUMBER", donut: true, innerRadius: 40, outerRadius: 70, show_legend: true, legendOrientation: "top", show_total: true,
  },
};
