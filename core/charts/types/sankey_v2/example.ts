import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

// From airlines to destination states: two kinds of node, so the flows cannot loop (state to state would).
export const example: ChartExample = {
  name: "Flights by airline and destination state",
  dataset: "flights",
  params: { source: "airline_name", target: "destination_state", metric: "count", adhoc_filters: [noTimeFilter("scheduled_departure")], row_limit: 100, color_scheme: "supersetColors", number_format: "SMART_NUMBER" },
};
