import type { ChartExample } from "./contract";
import { example as bigNumber } from "./types/big_number/example";
import { example as bigNumberTotal } from "./types/big_number_total/example";
import { example as boxPlot } from "./types/box_plot/example";
import { example as bubbleV2 } from "./types/bubble_v2/example";
import { example as bullet } from "./types/bullet/example";
import { example as calHeatmap } from "./types/cal_heatmap/example";
import { example as chord } from "./types/chord/example";
import { example as funnel } from "./types/funnel/example";
import { example as ganttChart } from "./types/gantt_chart/example";
import { example as gaugeChart } from "./types/gauge_chart/example";
import { example as graphChart } from "./types/graph_chart/example";
import { example as handlebars } from "./types/handlebars/example";
import { example as heatmapV2 } from "./types/heatmap_v2/example";
import { example as histogramV2 } from "./types/histogram_v2/example";
import { example as horizon } from "./types/horizon/example";
import { example as mixedTimeseries } from "./types/mixed_timeseries/example";
import { example as pairedTTest } from "./types/paired_ttest/example";
import { example as para } from "./types/para/example";
import { example as partition } from "./types/partition/example";
import { example as pie } from "./types/pie/example";
import { example as pivotTableV2 } from "./types/pivot_table_v2/example";
import { example as popKpi } from "./types/pop_kpi/example";
import { example as radar } from "./types/radar/example";
import { example as rose } from "./types/rose/example";
import { example as sankeyV2 } from "./types/sankey_v2/example";
import { example as sunburstV2 } from "./types/sunburst_v2/example";
import { example as table } from "./types/table/example";
import { example as timeTable } from "./types/time_table/example";
import { example as treeChart } from "./types/tree_chart/example";
import { example as treemapV2 } from "./types/treemap_v2/example";
import { example as waterfall } from "./types/waterfall/example";
import { example as wordCloud } from "./types/word_cloud/example";
import { example as worldMap } from "./types/world_map/example";
import { TIMESERIES_EXAMPLES } from "./types/timeseries/examples";

// Every chart type's example chart, made at first start on the product's example datasets, by Superset's
// viz_type. Apart from the chart registry on purpose: the examples are server-side seed data (and the tests'
// fixtures), and the registry is in every page that draws a chart (the dashboard route's budget).

export const CHART_EXAMPLES: Readonly<Record<string, ChartExample>> = {
  table,
  big_number_total: bigNumberTotal,
  big_number: bigNumber,
  echarts_timeseries_line: TIMESERIES_EXAMPLES.line,
  echarts_timeseries_smooth: TIMESERIES_EXAMPLES.smooth,
  echarts_timeseries_step: TIMESERIES_EXAMPLES.step,
  echarts_timeseries_scatter: TIMESERIES_EXAMPLES.scatter,
  echarts_area: TIMESERIES_EXAMPLES.area,
  echarts_timeseries_bar: TIMESERIES_EXAMPLES.bar,
  echarts_timeseries: TIMESERIES_EXAMPLES.generic,
  pie,
  mixed_timeseries: mixedTimeseries,
  pivot_table_v2: pivotTableV2,
  histogram_v2: histogramV2,
  box_plot: boxPlot,
  heatmap_v2: heatmapV2,
  bubble_v2: bubbleV2,
  funnel,
  gauge_chart: gaugeChart,
  radar,
  treemap_v2: treemapV2,
  sunburst_v2: sunburstV2,
  sankey_v2: sankeyV2,
  waterfall,
  word_cloud: wordCloud,
  gantt_chart: ganttChart,
  horizon,
  graph_chart: graphChart,
  tree_chart: treeChart,
  chord,
  world_map: worldMap,
  pop_kpi: popKpi,
  bullet,
  rose,
  time_table: timeTable,
  handlebars,
  cal_heatmap: calHeatmap,
  paired_ttest: pairedTTest,
  para,
  partition,
};
