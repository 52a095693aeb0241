import type { ChartExample } from "../../contract";
import { noTimeFilter, where } from "../../example-filters";

export const example: ChartExample = {
  name: "Most popular names in California",
  dataset: "birth_names",
  params: {
    query_mode: "aggregate", groupby: ["name", "gender"], metrics: ["sum__num"], percent_metrics: ["sum__num"],
    adhoc_filters: [noTimeFilter("ds"), where("state", "==", "CA")], timeseries_limit_metric: "sum__num", order_desc: true,
    row_limit: 50, server_page_length: 10, show_cell_bars: true, table_timestamp_format: "smart_date", include_search: true,
  },
};
