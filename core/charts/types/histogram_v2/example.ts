import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Distribution of departure delays",
  dataset: "flights",
  params: { column: "departure_delay", groupby: [], adhoc_filters: [noTimeFilter("scheduled_departure")], row_limit: 10000, bins: 20, x_axis_title: "Departure delay (minutes)", y_axis_title: "Flights", show_legend: false },
};
