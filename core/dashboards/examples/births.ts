import type { FormData } from "../../charts/contract";

// The product's own example dashboard over its generated `birth_names` data, created at first start: two tabs,
// markdown, a header and a divider, and charts of five types. Charts and dashboard carry fixed uuids, so a
// second concurrent first start cannot make them twice (uuids are unique in the metadata database).

export interface ExampleChart {
  /** key in the layout below */
  key: string;
  uuid: string;
  name: string;
  vizType: string;
  dataset: string;
  params: FormData;
}

export interface ExampleDashboard {
  uuid: string;
  slug: string;
  title: string;
  charts: ExampleChart[];
  /** position_json with each chart's id filled in from its key */
  layout: (chartIds: Record<string, number>) => Record<string, unknown>;
}

const byYear = { x_axis: "ds", time_grain_sqla: "P1Y", groupby: ["gender"], adhoc_filters: [], row_limit: 10000, show_legend: true };

const CHARTS: ExampleChart[] = [
  { key: "total", uuid: "6f1d0c52-6a43-4d1e-9b3e-2f0a5c1b7e01", name: "Births in all years", vizType: "big_number_total", dataset: "birth_names", params: { metric: "sum__num", subheader: "births, all years", y_axis_format: "SMART_NUMBER" } },
  { key: "gender", uuid: "6f1d0c52-6a43-4d1e-9b3e-2f0a5c1b7e02", name: "Births by gender", vizType: "pie", dataset: "birth_names", params: { metric: "sum__num", groupby: ["gender"], row_limit: 100, show_legend: true, donut: true } },
  { key: "states", uuid: "6f1d0c52-6a43-4d1e-9b3e-2f0a5c1b7e03", name: "Top states", vizType: "table", dataset: "birth_names", params: { query_mode: "aggregate", groupby: ["state"], metrics: ["sum__num"], row_limit: 10, order_desc: true, adhoc_filters: [] } },
  { key: "yearly", uuid: "6f1d0c52-6a43-4d1e-9b3e-2f0a5c1b7e04", name: "Births per year", vizType: "echarts_timeseries_bar", dataset: "birth_names", params: { ...byYear, metrics: ["sum__num"] } },
  { key: "trend", uuid: "6f1d0c52-6a43-4d1e-9b3e-2f0a5c1b7e05", name: "Boys and girls over time", vizType: "echarts_area", dataset: "birth_names", params: { ...byYear, groupby: [], metrics: ["sum__num_boys", "sum__num_girls"] } },
];

const INTRO = [
  "## Births in the United States",
  "",
  "Generated example data shaped like Superset's `birth_names`: births per first name, gender, state and year.",
  "",
  "Open **Trends** for the yearly series, or a chart's menu to edit it in Explore.",
].join("\n");

function births(ids: Record<string, number>): Record<string, unknown> {
  const chart = (key: string, width: number, height: number) => ({
    type: "CHART", id: `CHART-${key}`, children: [], meta: { chartId: ids[key], width, height, sliceName: CHARTS.find((c) => c.key === key)!.name },
  });
  return {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["TABS-births"] },
    "TABS-births": { type: "TABS", id: "TABS-births", children: ["TAB-overview", "TAB-trends"], meta: {} },
    "TAB-overview": { type: "TAB", id: "TAB-overview", children: ["ROW-intro", "ROW-split"], meta: { text: "Overview" } },
    "ROW-intro": { type: "ROW", id: "ROW-intro", children: ["MARKDOWN-intro", "CHART-total"], meta: { background: "BACKGROUND_TRANSPARENT" } },
    "MARKDOWN-intro": { type: "MARKDOWN", id: "MARKDOWN-intro", children: [], meta: { width: 8, height: 30, code: INTRO } },
    "CHART-total": chart("total", 4, 30),
    "ROW-split": { type: "ROW", id: "ROW-split", children: ["CHART-gender", "CHART-states"], meta: { background: "BACKGROUND_TRANSPARENT" } },
    "CHART-gender": chart("gender", 5, 50),
    "CHART-states": chart("states", 7, 50),
    "TAB-trends": { type: "TAB", id: "TAB-trends", children: ["HEADER-trends", "ROW-yearly", "DIVIDER-trends", "ROW-trend"], meta: { text: "Trends" } },
    "HEADER-trends": { type: "HEADER", id: "HEADER-trends", children: [], meta: { text: "Births year by year", headerSize: "MEDIUM_HEADER", background: "BACKGROUND_TRANSPARENT" } },
    "ROW-yearly": { type: "ROW", id: "ROW-yearly", children: ["CHART-yearly"], meta: { background: "BACKGROUND_TRANSPARENT" } },
    "CHART-yearly": chart("yearly", 12, 50),
    "DIVIDER-trends": { type: "DIVIDER", id: "DIVIDER-trends", children: [], meta: {} },
    "ROW-trend": { type: "ROW", id: "ROW-trend", children: ["CHART-trend"], meta: { background: "BACKGROUND_TRANSPARENT" } },
    "CHART-trend": chart("trend", 12, 50),
  };
}

export const BIRTHS_DASHBOARD: ExampleDashboard = {
  uuid: "6f1d0c52-6a43-4d1e-9b3e-2f0a5c1b7d00",
  slug: "births",
  title: "Births",
  charts: CHARTS,
  layout: births,
};
