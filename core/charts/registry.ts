import type { ChartType } from "./contract";
import { bigNumber } from "./types/big_number";
import { boxPlot } from "./types/box_plot";
import { bullet } from "./types/bullet";
import { calHeatmap } from "./types/cal_heatmap";
import { chord } from "./types/chord";
import { bubbleV2 } from "./types/bubble_v2";
import { funnel } from "./types/funnel";
import { gaugeChart } from "./types/gauge_chart";
import { ganttChart } from "./types/gantt_chart";
import { graphChart } from "./types/graph_chart";
import { handlebars } from "./types/handlebars";
import { heatmapV2 } from "./types/heatmap_v2";
import { histogramV2 } from "./types/histogram_v2";
import { horizon } from "./types/horizon";
import { bigNumberTotal } from "./types/big_number_total";
import { mixedTimeseries } from "./types/mixed_timeseries";
import { pairedTTestTable } from "./types/paired_ttest";
import { para } from "./types/para";
import { partition } from "./types/partition";
import { pie } from "./types/pie";
import { popKpi } from "./types/pop_kpi";
import { pivotTableV2 } from "./types/pivot_table_v2";
import { radar } from "./types/radar";
import { rose } from "./types/rose";
import { sankeyV2 } from "./types/sankey_v2";
import { sunburstV2 } from "./types/sunburst_v2";
import { table } from "./types/table";
import { timeTable } from "./types/time_table";
import { treeChart } from "./types/tree_chart";
import { treemapV2 } from "./types/treemap_v2";
import { waterfall } from "./types/waterfall";
import { wordCloud } from "./types/word_cloud";
import { worldMap } from "./types/world_map";
import { timeseriesArea, timeseriesBar, timeseriesGeneric, timeseriesLine, timeseriesScatter, timeseriesSmooth, timeseriesStep } from "./types/timeseries";

// Every chart type by Superset's viz_type, so saved charts and imported bundles open unchanged. Adding a type
// adds a folder under types/ and one line here.

export const CHART_TYPES: Readonly<Record<string, ChartType>> = {
  table,
  big_number_total: bigNumberTotal,
  big_number: bigNumber,
  echarts_timeseries_line: timeseriesLine,
  echarts_timeseries_smooth: timeseriesSmooth,
  echarts_timeseries_step: timeseriesStep,
  echarts_timeseries_scatter: timeseriesScatter,
  echarts_area: timeseriesArea,
  echarts_timeseries_bar: timeseriesBar,
  echarts_timeseries: timeseriesGeneric,
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
  paired_ttest: pairedTTestTable,
  para,
  partition,
};

/** Superset's default viz type. */
export const DEFAULT_VIZ_TYPE = "table";

export function getChartType(vizType: unknown): ChartType | undefined {
  return typeof vizType === "string" && Object.hasOwn(CHART_TYPES, vizType) ? CHART_TYPES[vizType] : undefined;
}
