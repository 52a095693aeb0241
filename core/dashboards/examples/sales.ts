import { noTimeFilter } from "../../charts/example-filters";
import type { ExampleDashboard } from "./births";
import { chartFromTypeExample as chart, tabbedLayout, type TabOutline } from "./build";

// The product's "Sales" example dashboard over its generated `cleaned_sales_data`: three tabs (overview,
// products, markets) with markdown, headers and a divider, and fourteen chart types. Fixed uuids, as Births.

const U = (n: number) => `7a2e5c10-3b1d-4e6f-8a90-5a1e500000${String(n).padStart(2, "0")}`;

const CHARTS = [
  chart("monthly", U(1), "big_number", "Monthly sales"),
  chart("orders", U(2), "mixed_timeseries", "Sales and orders, month by month"),
  chart("quarters", U(3), "waterfall", "Quarterly sales"),
  chart("funnel", U(4), "funnel", "Deal size funnel"),
  chart("lines", U(5), "pie", "Share of each product line"),
  chart("treemap", U(6), "treemap_v2", "Product lines by deal size"),
  chart("heatmap", U(7), "heatmap_v2", "Product lines month by month"),
  chart("pivot", U(8), "pivot_table_v2", "Product lines year by year"),
  chart("deals", U(9), "radar", "Deal sizes side by side"),
  chart("seasons", U(10), "horizon", "Weekly rhythm of each product line"),
  chart("map", U(11), "world_map", "Sales around the world", { adhoc_filters: [noTimeFilter("order_date")] }),
  chart("regions", U(12), "sunburst_v2", "Territories, countries and cities"),
  chart("bubbles", U(13), "bubble_v2", "Countries by orders, price and sales"),
  chart("catalogue", U(14), "tree_chart", "Products of each line"),
];

const INTRO = [
  "## Sales of a model-car wholesaler",
  "",
  "Generated example orders shaped like Superset's `cleaned_sales_data`: order lines with their product line, deal size,",
  "customer, country and territory, from 2003 to 2005.",
  "",
  "**Products** breaks sales down by product line; **Markets** by country and territory.",
].join("\n");

const TABS: TabOutline[] = [
  {
    id: "TAB-sales-overview", text: "Overview", lines: [
      [{ markdown: INTRO, width: 8, height: 40, id: "sales-intro" }, { chart: "monthly", width: 4, height: 40 }],
      [{ chart: "orders", width: 12 }],
      { divider: "sales-overview" },
      [{ chart: "quarters", width: 7 }, { chart: "funnel", width: 5 }],
    ],
  },
  {
    id: "TAB-sales-products", text: "Products", lines: [
      { header: "Product lines", id: "sales-products" },
      [{ chart: "lines", width: 4 }, { chart: "treemap", width: 8 }],
      [{ chart: "heatmap", width: 12 }],
      [{ chart: "pivot", width: 7 }, { chart: "deals", width: 5 }],
      [{ chart: "seasons", width: 6 }, { chart: "catalogue", width: 6 }],
    ],
  },
  {
    id: "TAB-sales-markets", text: "Markets", lines: [
      { header: "Where the sales come from", id: "sales-markets" },
      [{ chart: "map", width: 8, height: 60 }, { chart: "regions", width: 4, height: 60 }],
      [{ chart: "bubbles", width: 12 }],
    ],
  },
];

export const SALES_DASHBOARD: ExampleDashboard = {
  uuid: "7a2e5c10-3b1d-4e6f-8a90-5a1e50000000",
  slug: "sales",
  title: "Sales",
  charts: CHARTS,
  layout: (ids) => tabbedLayout("sales", TABS, CHARTS, ids),
};
