import type { ChartExample } from "../../contract";

// The example chart made at first start (server side only: it is not part of the browser's chart registry).

export const example: ChartExample = {
  name: "Flights between airports",
  dataset: "flights",
  params: {
    source: "origin", target: "destination", metric: "count", source_category: "origin_state", row_limit: 10000,
    // the five busiest hubs' routes: every route of 28 airports would be a hairball
    adhoc_filters: [{ clause: "WHERE", subject: "origin", operator: "IN", comparator: ["ATL", "ORD", "DFW", "DEN", "LAX"], expressionType: "SIMPLE" }],
    color_scheme: "supersetColors", show_legend: true, legendOrientation: "top", layout: "force", edgeSymbol: "none,arrow",
    baseNodeSize: 20, baseEdgeWidth: 3, edgeLength: 400, gravity: 0.3, repulsion: 1000,
  },
};
