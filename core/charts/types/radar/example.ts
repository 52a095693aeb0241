import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Deal sizes compared",
  dataset: "cleaned_sales_data",
  params: {
    groupby: ["deal_size"], metrics: ["sum__sales", "count_distinct__order_number", "avg__price_each", "count"], adhoc_filters: [noTimeFilter("order_date")], row_limit: 10,
    timeseries_limit_metric: "sum__sales", is_circle: false, color_scheme: "supersetColors", show_legend: true, number_format: "SMART_NUMBER",
  },
};
