import type { ChartExample } from "../../contract";
import { timeRange } from "../../example-filters";

// Does each deal size's monthly sales differ from the large deals'? Months of 2004 paired.
export const example: ChartExample = {
  name: "Monthly sales by deal size, paired t-test",
  dataset: "cleaned_sales_data",
  params: {
    granularity_sqla: "order_date", time_grain_sqla: "P1M", metrics: ["sum__sales"], groupby: ["deal_size"],
    adhoc_filters: [timeRange("order_date", "2004-01-01 : 2005-01-01")], limit: 0, order_desc: true, contribution: false, row_limit: 10000,
    significance_level: 0.05, pvalue_precision: 6, liftvalue_precision: 4,
  },
};
