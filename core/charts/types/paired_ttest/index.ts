import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData, TableColumnModel } from "../../contract";
import * as c from "../../controls/shared";
import { emptyModel, num, rowsOf, temporalColumns } from "../../data";
import { getTimeFormatter } from "../../format/time";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";
import { liftPercent, pairedTTest } from "./ttest";

// Superset's paired t-test table: a metric's time series per group (rows by __timestamp and the groupby
// columns), each group tested against a control group time by time (./ttest.ts): its p-value, its lift over the
// control in percent, and whether the p-value is under the significance level. One block of rows per metric. The
// control is the first group (groups in their order by value); Superset also lets a click pick another, which a
// table here does not offer.

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "granularity_sqla", type: "ColumnControl", label: "Time Column", validators: [{ kind: "nonEmpty" }], description: "The time column the groups are paired over." },
        c.timeGrain(), c.metrics(), c.adhocFilters(), c.groupby({ validators: [{ kind: "nonEmpty" }] }),
        c.seriesLimit(), c.seriesLimitMetric(), c.orderDesc(),
        c.queryCheckbox("contribution", "Contribution", false, "Compute the contribution to the total"),
        c.rowLimit({ default: 10000 }),
      ],
    },
    {
      label: "Parameters",
      expanded: false,
      controls: [
        { name: "significance_level", type: "TextControl", label: "Significance Level", default: 0.05, renderTrigger: true, validators: [{ kind: "number" }], description: "Below this p-value a difference counts as significant." },
        { name: "pvalue_precision", type: "TextControl", label: "p-value precision", default: 6, renderTrigger: true, validators: [{ kind: "integer" }], description: "Decimal places of the p-values." },
        { name: "liftvalue_precision", type: "TextControl", label: "Lift percent precision", default: 4, renderTrigger: true, validators: [{ kind: "integer" }], description: "Decimal places of the lift percentages." },
      ],
    },
  ],
};

/** Superset's query: a legacy time series (rows by __timestamp) split by the groupby columns. */
function buildQuery(formData: FormData) {
  return buildQueryContext(formData, (base) => [{ ...base, is_timeseries: true }]);
}

const TIME = "__timestamp";
const GREEN = "rgba(64, 192, 87, 0.25)";
const RED = "rgba(250, 82, 82, 0.25)";
const GREY = "rgba(134, 142, 150, 0.18)";

const precision = (v: unknown, dflt: number) => {
  const n = parseInt(String(v ?? ""), 10);
  return Number.isFinite(n) && n >= 0 && n <= 20 ? n : dflt;
};

interface Series { key: string; group: unknown[]; values: (number | null)[] }

/** Each group's values of `metric` on the common time axis (null where a group has no row at a time). */
export function seriesOf(rows: Record<string, unknown>[], groups: string[], metric: string, contribution: boolean): Series[] {
  const times = [...new Set(rows.map((r) => Number(r[TIME])))].sort((a, b) => a - b);
  const at = new Map(times.map((t, i) => [t, i]));
  const byKey = new Map<string, Series>();
  for (const r of rows) {
    const group = groups.map((g) => r[g]);
    const key = JSON.stringify(group);
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = { key, group, values: times.map(() => null) }));
    s.values[at.get(Number(r[TIME]))!] = num(r[metric]);
  }
  const series = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (contribution) {
    // each group's share of all groups' total at the same time
    const totals = times.map((_, i) => series.reduce((a, s) => a + (s.values[i] ?? 0), 0));
    for (const s of series) s.values = s.values.map((v, i) => (v === null || !totals[i] ? null : v / totals[i]));
  }
  return series;
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const groups = ensureArray(formData.groupby).map(getColumnLabel);
  if (!groups.length) throw new Error("Group by param is required");
  const metrics = ensureArray(formData.metrics).map(getMetricLabel);
  const alpha = Number(formData.significance_level ?? 0.05);
  const pDigits = precision(formData.pvalue_precision, 6);
  const liftDigits = precision(formData.liftvalue_precision, 4);
  const temporal = temporalColumns(input.queriesData[0]);
  const timeText = getTimeFormatter("smart_date_detailed");
  const groupText = (g: string, v: unknown) => (v === null || v === undefined ? "<NULL>" : temporal.has(g) ? timeText(v) : String(v));
  const verbose = (m: string) => input.verboseMap?.[m] ?? m;
  const several = metrics.length > 1;
  const columns: TableColumnModel[] = [
    ...(several ? [{ key: "__metric", label: "Metric", isMetric: false, isNumeric: false, isTemporal: false }] : []),
    ...groups.map((g) => ({ key: `g:${g}`, label: verbose(g), isMetric: false, isNumeric: false, isTemporal: temporal.has(g) })),
    { key: "pValue", label: "p-value", isMetric: true, isNumeric: true, isTemporal: false },
    { key: "liftValue", label: "Lift %", isMetric: true, isNumeric: true, isTemporal: false },
    { key: "significant", label: "Significant", isMetric: false, isNumeric: false, isTemporal: false },
  ];
  const out: Record<string, unknown>[] = [];
  const formatted: Record<string, string>[] = [];
  const backgrounds: Record<string, string>[] = [];
  for (const metric of metrics) {
    const series = seriesOf(rows, groups, metric, formData.contribution === true);
    const control = series[0];
    series.forEach((s, i) => {
      const row: Record<string, unknown> = { __metric: verbose(metric) };
      const text: Record<string, string> = { __metric: verbose(metric) };
      groups.forEach((g, j) => { row[`g:${g}`] = s.group[j]; text[`g:${g}`] = groupText(g, s.group[j]); });
      if (i === 0) {
        Object.assign(row, { pValue: null, liftValue: null, significant: null });
        Object.assign(text, { pValue: "control", liftValue: "control", significant: "control" });
        backgrounds.push({ pValue: GREY, liftValue: GREY, significant: GREY });
      } else {
        const { p } = pairedTTest(s.values, control.values);
        const lift = liftPercent(s.values, control.values);
        const significant = p !== null && p <= alpha;
        Object.assign(row, { pValue: p, liftValue: Number.isFinite(lift) ? lift : null, significant });
        Object.assign(text, { pValue: p === null ? "NaN" : p.toFixed(pDigits), liftValue: Number.isFinite(lift) ? lift.toFixed(liftDigits) : String(lift), significant: String(significant) });
        backgrounds.push({
          ...(Number.isFinite(lift) ? { liftValue: lift >= 0 ? GREEN : RED } : {}),
          significant: significant ? GREEN : RED,
        });
      }
      out.push(row);
      formatted.push(text);
    });
  }
  return { kind: "table", columns, rows: out, formatted, pageSize: 0, showCellBars: false, colorPositiveNegative: false, cellBackgrounds: backgrounds };
}

export const pairedTTestTable: ChartType = {
  metadata: {
    name: "Paired t-test Table",
    category: "Correlation",
    description: "Tests whether each group's metric over time differs from a control group's: a paired Student's t-test per group, with its p-value, its lift in percent and whether it is significant.",
    tags: ["Legacy", "Statistical", "Tabular"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
