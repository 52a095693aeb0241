import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Sales by product line and year",
  dataset: "cleaned_sales_data",
  params: {
    groupbyRows: ["product_line"], groupbyColumns: ["year"], metrics: ["sum__sales"], metricsLayout: "COLUMNS", adhoc_filters: [noTimeFilter("order_date")],
    row_limit: 10000, aggregateFunction: "Sum", rowTotals: true, colTotals: true, valueFormat: "$,.0f", rowOrder: "key_a_to_z", colOrder: "key_a_to_z",
  },
};
