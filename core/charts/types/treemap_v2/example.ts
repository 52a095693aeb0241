import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Sales by product line and deal size",
  dataset: "cleaned_sales_data",
  params: { groupby: ["product_line", "deal_size"], metric: "sum__sales", adhoc_filters: [noTimeFilter("order_date")], row_limit: 1000, color_scheme: "supersetColors", show_labels: true, show_upper_labels: true, label_type: "key_value", number_format: "SMART_NUMBER" },
};
