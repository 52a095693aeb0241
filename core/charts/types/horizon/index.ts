import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS, themeColors } from "../../chartjs";
import { emptyModel, groupbyLabel, num, rowsOf, temporalColumns } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";
import { bandColor, bandFill, BANDS, type HorizonColorScale, rowMaximum, shiftForScale } from "./bands";
import { buildHorizonQuery, horizonTimeColumn } from "./build-query";

// Superset's horizon chart: one thin row per series (a metric, per group when grouped), its values folded into
// colour bands so many series compare in little height: the first band fills with the lightest colour, larger
// values overflow into darker bands drawn on top. Negative values hang from the top of the row in blues
// (Superset's "offset" mode). Drawn with Chart.js line datasets filled to each row's baseline on a linear y-axis
// where row i spans [i, i + 1].

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "granularity_sqla", type: "ColumnControl", label: "Time Column", validators: [{ kind: "nonEmpty" }], description: "The time column of the x-axis." },
        c.timeGrain(), c.metrics(), c.adhocFilters(), c.groupby({ label: "Dimensions" }), c.seriesLimit(), c.seriesLimitMetric(), c.orderDesc(), c.rowLimit(),
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        { name: "series_height", type: "SelectControl", label: "Series Height", default: "25", freeForm: true, renderTrigger: true, validators: [{ kind: "integer" }],
          choices: ["10", "25", "40", "50", "75", "100", "150", "200"].map((v) => [v, v]), description: "Pixel height of each series" },
        { name: "horizon_color_scale", type: "SelectControl", label: "Value Domain", default: "series", renderTrigger: true,
          choices: [["series", "series"], ["overall", "overall"], ["change", "change"]],
          description: "series: Treat each series independently; overall: All series use the same scale; change: Show changes compared to the first data point in each series" },
        c.timeFormat("x_axis_time_format", "Time format"), c.numberFormat("y_axis_format", "Number format"),
      ],
    },
  ],
};

/** The chart's rows: one per metric and group, its values over the sorted distinct times. */
export function seriesRows(input: ChartPropsInput, formData: FormData) {
  const rows = rowsOf(input);
  const time = horizonTimeColumn(formData);
  const groups = ensureArray(formData.groupby).map(getColumnLabel);
  const metrics = ensureArray(formData.metrics).map(getMetricLabel);
  const times = [...new Set(rows.map((r) => Number(r[time])))].sort((a, b) => a - b);
  const at = new Map(times.map((t, i) => [t, i]));
  const temporal = temporalColumns(input.queriesData[0]);
  const timeText = getTimeFormatter("smart_date");
  const series = new Map<string, (number | null)[]>();
  for (const r of rows) {
    const group = groups.length ? groupbyLabel(r, groups, timeText, temporal) : "";
    for (const m of metrics) {
      const name = group ? (metrics.length > 1 ? `${group}, ${m}` : group) : m;
      if (!series.has(name)) series.set(name, times.map(() => null));
      series.get(name)![at.get(Number(r[time]))!] = num(r[m]);
    }
  }
  return { times, names: [...series.keys()], values: [...series.values()] };
}

/** Row height as a share of a row unit: a small gap keeps rows apart. */
const ROW = 0.92;

function transformProps(input: ChartPropsInput): ChartModel {
  const { formData, theme } = input;
  if (!rowsOf(input).length) return emptyModel();
  const { times, names, values } = seriesRows(input, formData);
  const scale = (["series", "overall", "change"].includes(String(formData.horizon_color_scale)) ? formData.horizon_color_scale : "series") as HorizonColorScale;
  const shown = values.map((v) => shiftForScale(v, scale));
  const datasets: Record<string, unknown>[] = [];
  shown.forEach((vs, i) => {
    const max = rowMaximum(shown, i, scale);
    for (const negative of [false, true]) {
      for (let band = 0; band < BANDS; band++) {
        const fills = vs.map((v) => (v !== null && v < 0 === negative ? bandFill(v, max, band) : 0));
        // the first positive band always exists: it carries the row's tooltip
        if (band + Number(negative) > 0 && fills.every((f) => f === 0)) continue;
        // positive bands grow up from the row's bottom (i + 1 on the reversed axis), negative ones hang from its top
        const base = negative ? i + (1 - ROW) / 2 : i + 1 - (1 - ROW) / 2;
        datasets.push({
          label: names[i], series: i, band, negative,
          // Chart.js paints higher `order` first: outer (darker) bands are painted over the inner ones
          order: -band,
          data: fills.map((f) => (negative ? base + f * ROW : base - f * ROW)),
          fill: { value: base }, backgroundColor: bandColor(band, negative), borderWidth: 0, pointRadius: 0, pointHitRadius: 0, tension: 0,
        });
      }
    }
  });
  const colors = themeColors(theme);
  const timeText = getTimeFormatter(String(formData.x_axis_time_format ?? "smart_date"));
  const valueText = getNumberFormatter(formData.y_axis_format as string | undefined);
  const seriesHeight = num(formData.series_height) ?? 25;
  // rows keep their set height while they fit; the axis then spans more rows than there are, leaving space below
  const rowsShown = Math.max(names.length, Math.floor((input.height - 30) / seriesHeight));
  return {
    kind: "chartjs",
    type: "line",
    data: { labels: times.map((t) => timeText(t)), datasets },
    options: {
      ...BASE_OPTIONS,
      interaction: { mode: "index", intersect: false },
      scales: {
        x: { type: "category", ticks: { color: colors.text, maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
        y: {
          type: "linear", reverse: true, min: 0, max: rowsShown, grid: { display: false },
          afterBuildTicks: (axis: { ticks: { value: number }[] }) => { axis.ticks = names.map((_, i) => ({ value: i + 0.5 })); },
          ticks: { color: colors.text, autoSkip: false, callback: (v: unknown) => names[Math.floor(Number(v))] ?? "" },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          filter: (item: { dataset: { band: number; negative: boolean } }) => item.dataset.band === 0 && !item.dataset.negative,
          callbacks: { label: (item: { dataset: { series: number; label: string }; dataIndex: number }) => `${item.dataset.label}: ${valueText(values[item.dataset.series][item.dataIndex])}` },
        },
      },
    },
  };
}

export const horizon: ChartType = {
  metadata: {
    name: "Horizon Chart",
    category: "Evolution",
    description: "Compares how a metric changes over time between different groups. Each group is mapped to a row and change over time is visualized bar lengths and color.",
    tags: ["Legacy"],
  },
  controlPanel,
  buildQuery: buildHorizonQuery,
  transformProps,
};
