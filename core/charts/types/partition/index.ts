import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, rowsOf, temporalColumns } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { buildTree } from "../../hierarchy";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";
import { sortMetricQuery } from "../../query/sort-metric-query";
import { textOn } from "../../slice-labels";
import type { TextMark } from "../../text-marks";
import { layoutBands, type Band } from "./layout";

// Superset's partition chart (legacy): the groupby columns as a hierarchy of nested rectangles, laid out as an
// icicle left to right (./layout.ts): a column per level, each group's height its share of its parent's metric.
// Several metrics stack one icicle each. Superset's time series options (the hierarchy per time, or aggregated
// over time) are not offered: the chart draws the totals over the time range ("not_time"). Drawn with
// chartjs-chart-matrix's rectangles on scales counted in levels and shares; names written by textMarks.

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        c.groupby({ label: "Hierarchy", validators: [{ kind: "nonEmpty" }], description: "The levels of the partition, outermost first." }),
        c.metrics(), c.adhocFilters(), c.seriesLimit(), c.seriesLimitMetric(), c.orderDesc(), c.rowLimit({ default: 10000 }),
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.colorScheme(),
        c.numberFormat("number_format", "Number format"),
        c.timeFormat("date_time_format", "Date Time Format"),
        { name: "partition_limit", type: "TextControl", label: "Partition Limit", default: 5, renderTrigger: true, validators: [{ kind: "integer" }], description: "The most subdivisions of each group shown, the biggest first; none when empty." },
        { name: "partition_threshold", type: "TextControl", label: "Partition Threshold", default: 0.05, renderTrigger: true, validators: [{ kind: "number" }], description: "Groups under this share of their parent (0.05: 5%) are left out." },
        c.checkbox("log_scale", "Log Scale", false, "Size the groups by the logarithm of their values"),
        c.checkbox("rich_tooltip", "Rich Tooltip", true, "The tooltip shows every level above the group as well"),
      ],
    },
  ],
};

/** Superset's query: grouped by every level, the sort metric selected and ordered by; no time series ("not_time"). */
const buildQuery = (formData: FormData) => sortMetricQuery(formData, { is_timeseries: false });

/** Names inside a band need about this many pixels of its height. */
const LABEL_MIN_PX = 14;

const numberOr = (v: unknown, dflt: number) => (v === "" || v === null || v === undefined || !Number.isFinite(Number(v)) ? dflt : Number(v));

interface Rect extends Band { x: number; metric: string }

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, height } = input;
  const levels = ensureArray(formData.groupby).map(getColumnLabel);
  if (!levels.length) throw new Error("Partition needs at least one groupby column (the hierarchy)");
  const metrics = ensureArray(formData.metrics).map(getMetricLabel);
  const verbose = (m: string) => input.verboseMap?.[m] ?? m;
  const temporal = temporalColumns(input.queriesData[0]);
  const timeText = getTimeFormatter(String(formData.date_time_format ?? "smart_date"));
  const label = (col: string, v: unknown) => (v === null || v === undefined ? "<NULL>" : temporal.has(col) ? timeText(v) : String(v));
  const valueText = getNumberFormatter(formData.number_format as string | undefined);
  const pct = getNumberFormatter(".1%");
  const colorFn = colorFnFromFormData(formData);
  const opts = { limit: numberOr(formData.partition_limit, 0), threshold: numberOr(formData.partition_threshold, 0), logScale: formData.log_scale === true };

  const rects: Rect[] = metrics.flatMap((m, k) =>
    layoutBands(buildTree(rows, levels, m, verbose(m), label), k / metrics.length, 1 / metrics.length, opts).map((b) => ({ ...b, x: b.depth, metric: m })));
  const columns = levels.length + 1;
  const colors = rects.map((r) => (r.depth === 0 ? "#c7c7c7" : colorFn(r.name)));
  const marks: TextMark[] = rects.flatMap((r, i) =>
    r.h * height >= LABEL_MIN_PX ? [{ x: r.x + 0.04, y: r.y + r.h / 2, text: `${r.name} ${valueText(r.value)}`, maxWidth: 0.92, color: textOn(colors[i]) }] : []);
  const rich = formData.rich_tooltip !== false;
  return {
    kind: "chartjs",
    type: "matrix",
    data: {
      datasets: [{
        label: metrics.map(verbose).join(", "),
        data: rects.map((r) => ({ x: r.x, y: r.y, h: r.h })),
        backgroundColor: colors,
        borderWidth: 0,
        anchorX: "left",
        anchorY: "top",
        width: ({ chart }: { chart: { chartArea?: { width: number } } }) => Math.max(0, (chart.chartArea?.width ?? 0) / columns - 1),
        height: ({ chart, raw }: { chart: { chartArea?: { height: number } }; raw?: { h: number } }) => Math.max(0, (raw?.h ?? 0) * (chart.chartArea?.height ?? 0) - 1),
        textMarks: marks,
      }],
    },
    options: {
      ...BASE_OPTIONS,
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: () => "",
            label: (item: { dataIndex: number }) => {
              const r = rects[item.dataIndex];
              const own = `${r.name}: ${valueText(r.value)}${r.depth ? ` (${pct(r.share)})` : ""}`;
              return rich && r.depth > 1 ? `${[verbose(r.metric), ...r.path.slice(0, -1)].join(" › ")} › ${own}` : own;
            },
          },
        },
      },
      scales: {
        // no offset (the matrix type pads its x scale by default): columns meet the edges
        x: { type: "linear", display: false, offset: false, min: 0, max: columns },
        y: { type: "linear", display: false, min: 0, max: 1, reverse: true },
      },
    },
  };
}

export const partition: ChartType = {
  metadata: {
    name: "Partition Chart",
    category: "Part of a Whole",
    description: "A hierarchy of groups as nested bands, a column per level: each group's height is its share of the group above it, to compare parts of parts at a glance.",
    tags: ["Categorical", "Comparison", "Legacy", "Proportional"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
