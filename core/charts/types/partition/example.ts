import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

// Sales by territory, then country, then product line.
export const example: ChartExample = {
  name: "Sales by territory, country and product line (partition)",
  dataset: "cleaned_sales_data",
  params: {
    groupby: ["territory", "country", "product_line"], metrics: ["sum__sales"], adhoc_filters: [noTimeFilter("order_date")],
    limit: 0, row_limit: 10000, order_desc: true, color_scheme: "supersetColors", number_format: "SMART_NUMBER", date_time_format: "smart_date",
    partition_limit: 5, partition_threshold: 0.05, log_scale: false, rich_tooltip: true, time_series_option: "not_time",
  },
};
