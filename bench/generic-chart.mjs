// Superset's generic time-series chart (viz_type echarts_timeseries, issue 30): the CPU time of its transformProps
// (pivoted rows → the Chart.js config the browser, a dashboard and a report email draw) for 5,000 x values × 3
// series, in each of its seven series styles and with the area fill, in this Node process (V8, as the browser's
// and workerd's), after a warm-up. This is the part of "each type draws 5,000 points with no main-thread task over
// 100 ms" that the chart type owns; Chart.js's own drawing of a 5,000-point line is bench/explore-interaction.mjs's.
import { loadavg } from "node:os";
import { register } from "tsx/esm/api";
import { percentile, round, saveResults } from "./_lib.mjs";

const POINTS = 5000;
const RUNS = 20;
const GOAL_MS = 100;

register();
const { timeseriesGeneric } = await import("../core/charts/types/timeseries/index.ts");

const day = 86_400_000;
const start = Date.UTC(2010, 0, 1);
const queriesData = [{
  colnames: ["order_date", "Small", "Medium", "Large"], coltypes: [2, 0, 0, 0],
  data: Array.from({ length: POINTS }, (_, i) => ({ order_date: start + i * day, Small: i % 97, Medium: (i * 7) % 131, Large: (i * 13) % 211 })),
}];
const formData = {
  datasource: "1__table", viz_type: "echarts_timeseries", x_axis: "order_date", time_grain_sqla: "P1D", metrics: ["count"], groupby: ["deal_size"],
  color_scheme: "supersetColors", show_legend: true, rich_tooltip: true, y_axis_format: "SMART_NUMBER", x_axis_time_format: "smart_date",
};

const styles = [
  ...["line", "scatter", "smooth", "bar", "start", "middle", "end"].map((s) => ({ name: s, extra: { seriesType: s } })),
  { name: "smooth + stacked area", extra: { seriesType: "smooth", area: true, stack: "Stack", opacity: 0.3 } },
];
const figures = { points: POINTS, series: 3, runs: RUNS, goal_ms: GOAL_MS, load: round(loadavg()[0]), styles: {} };
for (const { name, extra } of styles) {
  const input = { formData: { ...formData, ...extra }, queriesData, width: 800, height: 400 };
  for (let i = 0; i < 3; i++) timeseriesGeneric.transformProps(input);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const model = timeseriesGeneric.transformProps(input);
    times.push(performance.now() - t0);
    if (model.kind !== "chartjs" || model.data.datasets.length !== 3 || model.data.labels.length !== POINTS) throw new Error(`${name}: unexpected model`);
  }
  times.sort((a, b) => a - b);
  figures.styles[name] = { p50_ms: round(percentile(times, 50)), max_ms: round(times.at(-1)) };
  console.log(`${name.padEnd(22)} transformProps p50 ${figures.styles[name].p50_ms} ms, max ${figures.styles[name].max_ms} ms`);
}
figures.met = Object.values(figures.styles).every((s) => s.max_ms <= GOAL_MS);
console.log(`load ${figures.load}; every style's longest run ≤ ${GOAL_MS} ms: ${figures.met}`);
saveResults("generic-chart", figures);
