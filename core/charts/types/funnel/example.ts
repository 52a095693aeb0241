import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Orders by deal size",
  dataset: "cleaned_sales_data",
  params: { groupby: ["deal_size"], metric: "count_distinct__order_number", adhoc_filters: [noTimeFilter("order_date")], row_limit: 10, sort_by_metric: true, percent_calculation_type: "first_step", color_scheme: "supersetColors", show_legend: true, show_labels: true, number_format: "SMART_NUMBER" },
};
