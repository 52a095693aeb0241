import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Sales by territory, country and city",
  dataset: "cleaned_sales_data",
  params: { columns: ["territory", "country", "city"], metric: "sum__sales", adhoc_filters: [noTimeFilter("order_date")], row_limit: 1000, color_scheme: "supersetColors", show_labels: true, show_labels_threshold: 5, label_type: "key", number_format: "SMART_NUMBER" },
};
