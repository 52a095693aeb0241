import type { ChartExample } from "../../contract";
import { timeRange } from "../../example-filters";

// One year of births against the year before it ("inherit": the same length of time just before the range).
export const example: ChartExample = {
  name: "Births in 2008 against 2007",
  dataset: "birth_names",
  params: {
    metric: "sum__num", adhoc_filters: [timeRange("ds", "2008-01-01 : 2009-01-01")], time_compare: "inherit",
    y_axis_format: "SMART_NUMBER", percentDifferenceFormat: "+.1%", header_font_size: 0.3, subheader_font_size: 0.125, comparison_color_enabled: true,
  },
};
