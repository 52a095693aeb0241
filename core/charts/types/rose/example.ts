import type { ChartExample } from "../../contract";
import { timeRange } from "../../example-filters";

// A decade of births, one sector a year, the genders stacked out from the centre.
export const example: ChartExample = {
  name: "Births per year by gender (rose)",
  dataset: "birth_names",
  params: {
    granularity_sqla: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["gender"], adhoc_filters: [timeRange("ds", "1999-01-01 : 2009-01-01")],
    limit: 10, timeseries_limit_metric: "sum__num", order_desc: true, row_limit: 10000, color_scheme: "supersetColors",
    number_format: "SMART_NUMBER", date_time_format: "%Y", rich_tooltip: true, rose_area_proportion: false,
  },
};
