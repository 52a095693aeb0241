import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Flights from origin to destination state",
  dataset: "flights",
  params: { source: "origin_state", target: "destination_state", metric: "count", adhoc_filters: [noTimeFilter("scheduled_departure")], row_limit: 60, color_scheme: "supersetColors", number_format: "SMART_NUMBER" },
};
