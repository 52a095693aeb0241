import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Seasonality of sales per product line",
  dataset: "cleaned_sales_data",
  params: {
    granularity_sqla: "order_date", time_grain_sqla: "P1W", metrics: ["sum__sales"], groupby: ["product_line"], adhoc_filters: [noTimeFilter("order_date")],
    limit: 10, timeseries_limit_metric: "sum__sales", order_desc: true, row_limit: 10000, series_height: "40", horizon_color_scale: "series",
    x_axis_time_format: "smart_date", y_axis_format: "SMART_NUMBER",
  },
};
