import type { ChartExample } from "../../contract";

// The example chart made at first start (server side only: it is not part of the browser's chart registry).

export const example: ChartExample = {
  name: "Flights between the busiest hubs",
  dataset: "flights",
  params: {
    groupby: "origin", columns: "destination", metric: "count", row_limit: 10000, sort_by_metric: false, y_axis_format: "SMART_NUMBER", color_scheme: "supersetColors",
    adhoc_filters: ["origin", "destination"].map((subject) => ({ clause: "WHERE", subject, operator: "IN", comparator: ["ATL", "ORD", "DFW", "DEN", "LAX", "SFO"], expressionType: "SIMPLE" })),
  },
};
