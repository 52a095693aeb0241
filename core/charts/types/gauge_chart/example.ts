import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Average departure delay",
  dataset: "flights",
  params: { metric: "avg__departure_delay", groupby: [], adhoc_filters: [noTimeFilter("scheduled_departure")], row_limit: 10, min_val: 0, max_val: 60, start_angle: 225, end_angle: -45, number_format: ",.1f", value_formatter: "{value} min", show_pointer: true, color_scheme: "supersetColors" },
};
