import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

// The countries compared on sales, order lines and average price, coloured by their number of orders.
export const example: ChartExample = {
  name: "Countries across sales metrics (parallel coordinates)",
  dataset: "cleaned_sales_data",
  params: {
    series: "country", metrics: ["sum__sales", "count", "avg__price_each"], secondary_metric: "count_distinct__order_number",
    adhoc_filters: [noTimeFilter("order_date")], limit: 0, row_limit: 100, timeseries_limit_metric: "sum__sales", order_desc: true,
    show_datatable: false, include_series: false, linear_color_scheme: "blue_white_yellow",
  },
};
