import type { ChartExample } from "../../contract";
import { timeRange } from "../../example-filters";

// Boys, girls and all births over twenty years: a trend line, the change on the year before, each one's share
// of the newest year and the five-year average.
export const example: ChartExample = {
  name: "Births over twenty years (time-series table)",
  dataset: "birth_names",
  params: {
    granularity_sqla: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num_boys", "sum__num_girls"], groupby: [], adhoc_filters: [timeRange("ds", "1989-01-01 : 2009-01-01")],
    limit: 10, order_desc: true, row_limit: 10000,
    column_collection: [
      { key: "trend", label: "Trend", colType: "spark", width: "200", height: "36" },
      { key: "change", label: "vs year before", colType: "time", timeLag: 1, comparisonType: "perc_change", d3format: "+.1%" },
      { key: "share", label: "Share", colType: "contrib", d3format: ".1%" },
      { key: "avg5", label: "5-year average", colType: "avg", timeLag: 5, d3format: ",.0f" },
    ],
  },
};
