import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Total births",
  dataset: "birth_names",
  params: { metric: "sum__num", adhoc_filters: [noTimeFilter("ds")], subheader: "babies born since 1965", header_font_size: 0.4, subheader_font_size: 0.15, y_axis_format: "SMART_NUMBER" },
};
