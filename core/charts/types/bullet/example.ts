import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

// The average arrival delay against bands of "on time", "late" and "very late", a target and a limit.
export const example: ChartExample = {
  name: "Arrival delay against targets",
  dataset: "flights",
  params: {
    metric: "avg__arrival_delay", adhoc_filters: [noTimeFilter("scheduled_departure")],
    ranges: "5, 15, 30", range_labels: "On time, Late, Very late", markers: "10", marker_labels: "Target", marker_lines: "20", marker_line_labels: "Limit",
  },
};
