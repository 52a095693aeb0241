// The bundle's entry (tests/support/superset-ui.ts builds it with esbuild): Superset's client and each chart
// type's real buildQuery, keyed by the viz_type Superset registers it under. Only these are bundled; the
// plugins' React parts are tree-shaken away.
import { SupersetClientClass, buildQueryContext } from '@superset-ui/core';
import timeseries from '@superset-ui/plugin-chart-echarts/lib/Timeseries/buildQuery';
import mixedTimeseries from '@superset-ui/plugin-chart-echarts/lib/MixedTimeseries/buildQuery';
import pie from '@superset-ui/plugin-chart-echarts/lib/Pie/buildQuery';
import bigNumberTotal from '@superset-ui/plugin-chart-echarts/lib/BigNumber/BigNumberTotal/buildQuery';
import bigNumberTrend from '@superset-ui/plugin-chart-echarts/lib/BigNumber/BigNumberWithTrendline/buildQuery';
import bigNumberPop from '@superset-ui/plugin-chart-echarts/lib/BigNumber/BigNumberPeriodOverPeriod/buildQuery';
import boxPlot from '@superset-ui/plugin-chart-echarts/lib/BoxPlot/buildQuery';
import bubble from '@superset-ui/plugin-chart-echarts/lib/Bubble/buildQuery';
import funnel from '@superset-ui/plugin-chart-echarts/lib/Funnel/buildQuery';
import gauge from '@superset-ui/plugin-chart-echarts/lib/Gauge/buildQuery';
import graph from '@superset-ui/plugin-chart-echarts/lib/Graph/buildQuery';
import heatmap from '@superset-ui/plugin-chart-echarts/lib/Heatmap/buildQuery';
import histogram from '@superset-ui/plugin-chart-echarts/lib/Histogram/buildQuery';
import radar from '@superset-ui/plugin-chart-echarts/lib/Radar/buildQuery';
import sankey from '@superset-ui/plugin-chart-echarts/lib/Sankey/buildQuery';
import sunburst from '@superset-ui/plugin-chart-echarts/lib/Sunburst/buildQuery';
import tree from '@superset-ui/plugin-chart-echarts/lib/Tree/buildQuery';
import treemap from '@superset-ui/plugin-chart-echarts/lib/Treemap/buildQuery';
import waterfall from '@superset-ui/plugin-chart-echarts/lib/Waterfall/buildQuery';
import table from '@superset-ui/plugin-chart-table/lib/buildQuery';
import pivotTable from '@superset-ui/plugin-chart-pivot-table/lib/plugin/buildQuery';

export { SupersetClientClass, buildQueryContext };

export const buildQueryByVizType = {
  echarts_timeseries: timeseries,
  echarts_timeseries_line: timeseries,
  echarts_timeseries_bar: timeseries,
  echarts_area: timeseries,
  echarts_timeseries_scatter: timeseries,
  echarts_timeseries_smooth: timeseries,
  echarts_timeseries_step: timeseries,
  mixed_timeseries: mixedTimeseries,
  pie,
  big_number_total: bigNumberTotal,
  big_number: bigNumberTrend,
  pop_kpi: bigNumberPop,
  box_plot: boxPlot,
  bubble_v2: bubble,
  funnel,
  gauge_chart: gauge,
  graph_chart: graph,
  heatmap_v2: heatmap,
  histogram_v2: histogram,
  radar,
  sankey_v2: sankey,
  sunburst_v2: sunburst,
  tree_chart: tree,
  treemap_v2: treemap,
  waterfall,
  table,
  pivot_table_v2: pivotTable,
};
