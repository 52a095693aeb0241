import type { ChartExample } from "../../contract";

// The example chart made at first start (server side only: it is not part of the browser's chart registry).

export const example: ChartExample = {
  name: "Product catalogue",
  dataset: "cleaned_sales_data",
  params: { id: "product_code", parent: "product_line", name: "product_code", metric: "count", adhoc_filters: [], row_limit: 1000, layout: "radial", orient: "LR", symbolSize: 7 },
};
