import { noTimeFilter } from "../../charts/example-filters";
import type { ExampleDashboard } from "./births";
import { chartFromTypeExample as chart, tabbedLayout, type TabOutline } from "./build";

// The product's "Flights" example dashboard over its generated `flights` data (US domestic flights of 2015
// with their delays): delays and routes on two tabs, with markdown, headers and a divider. Fixed uuids, as Births.

const U = (n: number) => `7a2e5c10-3b1d-4e6f-8a90-f11a500000${String(n).padStart(2, "0")}`;

const CHARTS = [
  chart("flights", U(1), "big_number_total", "Flights", { metric: "count", subheader: "flights in 2015", adhoc_filters: [noTimeFilter("scheduled_departure")] }, "flights"),
  chart("delay", U(2), "gauge_chart", "Mean departure delay"),
  chart("weekly", U(3), "echarts_timeseries_smooth", "Weekly flights"),
  chart("histogram", U(4), "histogram_v2", "How late flights leave"),
  chart("airlines", U(5), "box_plot", "Arrival delays per airline"),
  chart("daily", U(6), "echarts_timeseries_scatter", "Daily delay of the three busiest airlines"),
  chart("sankey", U(7), "sankey_v2", "Airlines to destination states"),
  chart("chord", U(8), "chord", "Between the six busiest hubs"),
  chart("graph", U(9), "graph_chart", "Routes of the five busiest hubs"),
  chart("day", U(10), "gantt_chart", "One day of departures"),
];

const INTRO = [
  "## Flights and their delays",
  "",
  "Generated example flights between 28 US airports in 2015, with departure and arrival delays, cancellations and",
  "diversions. **Routes** shows where the flights go.",
].join("\n");

const TABS: TabOutline[] = [
  {
    id: "TAB-flights-delays", text: "Delays", lines: [
      [{ markdown: INTRO, width: 6, height: 40, id: "flights-intro" }, { chart: "flights", width: 3, height: 40 }, { chart: "delay", width: 3, height: 40 }],
      [{ chart: "weekly", width: 12 }],
      { header: "How late", id: "flights-delays" },
      [{ chart: "histogram", width: 6 }, { chart: "airlines", width: 6 }],
      [{ chart: "daily", width: 12 }],
    ],
  },
  {
    id: "TAB-flights-routes", text: "Routes", lines: [
      { header: "Where the flights go", id: "flights-routes" },
      [{ chart: "sankey", width: 6, height: 60 }, { chart: "chord", width: 6, height: 60 }],
      [{ chart: "graph", width: 12, height: 60 }],
      { divider: "flights-routes" },
      [{ chart: "day", width: 12, height: 70 }],
    ],
  },
];

export const FLIGHTS_DASHBOARD: ExampleDashboard = {
  uuid: "7a2e5c10-3b1d-4e6f-8a90-f11a50000000",
  slug: "flights",
  title: "Flights",
  charts: CHARTS,
  layout: (ids) => tabbedLayout("flights", TABS, CHARTS, ids),
};
