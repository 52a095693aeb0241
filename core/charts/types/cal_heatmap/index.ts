import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS } from "../../chartjs";
import { COLOR_LEGEND_WIDTH, colorLegendOf } from "../../color-legend";
import { sequentialColor } from "../../colors/schemes";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter, toDate } from "../../format/time";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getMetricLabel } from "../../query/labels";
import type { TextMark } from "../../text-marks";
import { cellOf, domainLabel, domainsBetween, domainShape, granularityProblem, GAP, layoutDomains, LABEL_ROWS, unitsIn, type Unit } from "./calendar";

// Superset's Calendar Heatmap (legacy cal-heatmap): one calendar per metric, each domain (hour, day, week, month
// or year) a block of cells, one per subdomain unit, coloured by the metric in `steps` bands of a linear scheme.
// Drawn with chartjs-chart-matrix on linear scales counted in cells (./calendar.ts lays the blocks out), names
// and values written by the textMarks plugin; the render Worker draws it the same way.

/** Superset's time grain per subdomain: the query buckets time to the cell size. */
const GRAIN: Record<string, string> = { min: "PT1M", hour: "PT1H", day: "P1D", week: "P1W", month: "P1M", year: "P1Y" };

/** More domains than this is a time range far too long for the domain: drawing a cell per minute for a year helps no one. */
export const MAX_DOMAINS = 400;
/** Empty cells are drawn (grey) up to this many cells in all; past it only the cells with data. */
const MAX_EMPTY_CELLS = 20_000;

const intText = (name: string, label: string, dflt: number, description: string) =>
  ({ name, type: "TextControl" as const, label, default: dflt, renderTrigger: true, validators: [{ kind: "integer" as const }], description });

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Time",
      expanded: true,
      controls: [
        { name: "granularity_sqla", type: "ColumnControl", label: "Time Column", validators: [{ kind: "nonEmpty" }], description: "The time column the cells are counted over." },
      ],
    },
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "domain_granularity", type: "SelectControl", label: "Domain", default: "month", choices: [["hour", "hour"], ["day", "day"], ["week", "week"], ["month", "month"], ["year", "year"]], description: "The time unit each block of cells covers" },
        { name: "subdomain_granularity", type: "SelectControl", label: "Subdomain", default: "day", choices: [["min", "min"], ["hour", "hour"], ["day", "day"], ["week", "week"], ["month", "month"]], description: "The time unit of each cell: a smaller unit than the domain" },
        c.metrics(), c.adhocFilters(),
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.linearColorScheme(),
        intText("cell_size", "Cell Size", 10, "The size of the square cell, in pixels"),
        intText("cell_padding", "Cell Padding", 2, "The distance between cells, in pixels"),
        intText("cell_radius", "Cell Radius", 0, "The pixel radius"),
        intText("steps", "Color Steps", 10, "The number of colour steps"),
        c.numberFormat("y_axis_format", "Number Format"),
        c.timeFormat("x_axis_time_format", "Time Format"),
        c.checkbox("show_legend", "Legend", true, "Whether to display the legend"),
        c.checkbox("show_values", "Show Values", false, "Whether to display the numerical values within the cells"),
        c.checkbox("show_metric_name", "Show Metric Names", true, "Whether to display the metric name as a title"),
      ],
    },
  ],
};

/** Superset's query: a legacy time series (rows by __timestamp) bucketed to the subdomain's grain. */
function buildQuery(formData: FormData) {
  const grain = GRAIN[String(formData.subdomain_granularity ?? "min")] ?? "PT1M";
  return buildQueryContext(formData, (base) => [{ ...base, is_timeseries: true, extras: { ...base.extras, time_grain_sqla: grain } }]);
}

const posInt = (v: unknown, dflt: number, min = 0) => {
  const n = Math.round(Number(v));
  return v === "" || v === null || v === undefined || !Number.isFinite(n) || n < min ? dflt : n;
};

/** The colour band (0..1) of `v` between `lo` and `hi` in `steps` steps, as cal-heatmap's legend thresholds. */
export function band(v: number, lo: number, hi: number, steps: number): number {
  if (steps <= 1 || hi <= lo) return 1;
  const k = Math.min(steps - 1, Math.floor(((v - lo) / (hi - lo)) * steps));
  return k / (steps - 1);
}

interface Point { x: number; y: number; v: number | null; t: number; metric: string }

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, width, height, theme } = input;
  const domain = String(formData.domain_granularity ?? "month") as Unit;
  const sub = String(formData.subdomain_granularity ?? "day") as Unit;
  const problem = granularityProblem(domain, sub);
  if (problem) throw new Error(problem);
  const metrics = ensureArray(formData.metrics).map(getMetricLabel);
  const times = rows.map((r) => toDate(r.__timestamp)?.getTime() ?? NaN);
  const known = times.filter(Number.isFinite);
  if (!known.length) return emptyModel("The query answered no times (__timestamp)");
  const first = Math.min(...known), last = Math.max(...known);
  const starts = domainsBetween(domain, first, last, MAX_DOMAINS + 1);
  if (starts.length > MAX_DOMAINS) throw new Error(`The time range holds more than ${MAX_DOMAINS} ${domain}s: choose a larger domain or a shorter time range`);

  const cellSize = posInt(formData.cell_size, 10, 1);
  const pitch = cellSize + posInt(formData.cell_padding, 2);
  const steps = posInt(formData.steps, 10, 1);
  const showLegend = formData.show_legend !== false;
  const showTitle = formData.show_metric_name !== false;
  const boxWidth = Math.max(1, width - (showLegend ? COLOR_LEGEND_WIDTH : 0) - 4);
  const boxHeight = Math.max(1, height / Math.max(1, metrics.length) - 4);
  const layout = layoutDomains(domain, sub, starts, boxWidth, boxHeight, pitch, showTitle ? LABEL_ROWS : 0);
  const unit = layout.unit;
  const slotOf = new Map(layout.slots.map((s) => [s.domainStart, s]));
  const scale = sequentialColor(formData.linear_color_scheme);
  const valueText = getNumberFormatter(formData.y_axis_format as string | undefined);
  const timeText = getTimeFormatter(String(formData.x_axis_time_format ?? "smart_date"));
  const verbose = (m: string) => input.verboseMap?.[m] ?? m;
  const emptyColor = theme?.dark ? "rgba(255,255,255,0.08)" : "#ededed";
  const totalCells = starts.reduce((n, s) => { const sh = domainShape(domain, sub, s); return n + sh.cols * sh.rows; }, 0) * metrics.length;

  const points: Point[] = [];
  const colors: string[] = [];
  const marks: TextMark[] = [];
  let legendRange: [number, number] | null = null;
  metrics.forEach((metric, m) => {
    const dy = m * layout.height;
    // one value per cell: rows finer than the cell (a database's week starting on Sunday) add up
    const cells = new Map<string, Point>();
    rows.forEach((r, i) => {
      const v = num(r[metric]);
      if (!Number.isFinite(times[i])) return;
      const slot = slotOf.get(startOfDomain(domain, times[i], starts))!;
      const { col, row } = cellOf(domain, sub, slot.domainStart, times[i]);
      const key = `${slot.domainStart}:${col}:${row}`;
      const was = cells.get(key);
      if (was) was.v = v === null ? was.v : (was.v ?? 0) + v;
      else cells.set(key, { x: slot.x + col + 0.5, y: dy + slot.y + row + 0.5, v, t: times[i], metric });
    });
    const values = [...cells.values()].map((p) => p.v).filter((v): v is number => v !== null);
    const lo = values.length ? Math.min(...values) : 0, hi = values.length ? Math.max(...values) : 0;
    legendRange ??= [lo, hi];
    if (totalCells <= MAX_EMPTY_CELLS) {
      for (const slot of layout.slots) {
        // every subdomain unit of the domain: the block's cells outside it (the month before's days) stay blank
        for (const t of unitsIn(domain, sub, slot.domainStart)) {
          const { col, row } = cellOf(domain, sub, slot.domainStart, t);
          const key = `${slot.domainStart}:${col}:${row}`;
          if (!cells.has(key)) { points.push({ x: slot.x + col + 0.5, y: dy + slot.y + row + 0.5, v: null, t, metric }); colors.push(emptyColor); }
        }
      }
    }
    for (const p of cells.values()) { points.push(p); colors.push(p.v === null ? emptyColor : scale(band(p.v, lo, hi, steps))); }
    if (showTitle) marks.push({ x: 0, y: dy + LABEL_ROWS / 2, text: metrics.length > 1 ? `${verbose(metric)} (${valueText(lo)} – ${valueText(hi)})` : verbose(metric), bold: true, size: 12 });
    for (const slot of layout.slots) marks.push({ x: slot.x, y: dy + slot.y - LABEL_ROWS / 2, text: domainLabel(domain, slot.domainStart), maxWidth: layout.slotCols + GAP - 0.2 });
  });
  if (formData.show_values) for (const p of points) if (p.v !== null) marks.push({ x: p.x, y: p.y, text: valueText(p.v), align: "center", size: Math.max(6, Math.min(10, unit * 0.4)), maxWidth: 1 });

  const xMax = boxWidth / unit, yMax = (boxHeight * metrics.length) / unit;
  const cellPx = ({ chart }: { chart: { chartArea?: { width: number; height: number } } }) => {
    const area = chart.chartArea;
    return area ? Math.max(1, Math.min(area.width / xMax, area.height / yMax) * (cellSize / pitch)) : cellSize;
  };
  const [lo, hi] = legendRange ?? [0, 0];
  const single = metrics.length === 1;
  return {
    kind: "chartjs",
    type: "matrix",
    data: {
      datasets: [{
        label: metrics.map(verbose).join(", "),
        data: points,
        backgroundColor: colors,
        borderWidth: 0,
        borderRadius: posInt(formData.cell_radius, 0),
        width: cellPx,
        height: cellPx,
        textMarks: marks,
        colorLegend: showLegend ? colorLegendOf((t) => scale(band(t, 0, 1, steps)), steps, single ? valueText(lo) : "low", single ? valueText(hi) : "high") : undefined,
      }],
    },
    options: {
      ...BASE_OPTIONS,
      layout: { padding: { right: showLegend ? COLOR_LEGEND_WIDTH : 0 } },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: () => "",
            label: (item: { dataIndex: number }) => {
              const p = points[item.dataIndex];
              return `${single ? "" : `${verbose(p.metric)} `}${timeText(p.t)}: ${p.v === null ? "no data" : valueText(p.v)}`;
            },
          },
        },
      },
      scales: {
        // no offset (the matrix type pads its x scale by default): the calendar starts at the left edge
        x: { type: "linear", display: false, offset: false, min: 0, max: xMax },
        y: { type: "linear", display: false, min: 0, max: yMax, reverse: true },
      },
    },
  };
}

/** The start of the listed domain holding `t` (the list is ascending and covers every time of the data). */
function startOfDomain(_domain: Unit, t: number, starts: number[]): number {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return starts[lo];
}

export const calHeatmap: ChartType = {
  metadata: {
    name: "Calendar Heatmap",
    category: "Correlation",
    description: "A metric laid out as a calendar: each cell one period (a day, an hour...) coloured by its value, grey where there is none, grouped in blocks of a longer period, to show weekly and seasonal patterns.",
    tags: ["Business", "Comparison", "Intensity", "Pattern", "Report", "Trend", "Legacy"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
