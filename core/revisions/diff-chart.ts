import { getChartType } from "../charts/registry";
import { allControls } from "../charts/controls/validate";
import { getColumnLabel, getMetricLabel } from "../charts/query/labels";
import { record, said, same, type DiffLine } from "./words";

// What changed between two saved states of a chart, in words: name, viz type, dataset and each control by its
// label in the chart type's panel ("Metrics: SUM(num) → COUNT(*)"), not JSON.

type State = Record<string, unknown>;

export interface ChartDiffOptions {
  /** dataset names by id, to say "Dataset: birth_names → flights" instead of ids */
  datasetNames?: ReadonlyMap<number, string>;
}

/** form-data keys that follow from other fields or are not the user's (never worth a line) */
const NOT_SAID = new Set(["slice_id", "datasource", "viz_type", "url_params", "extra_form_data", "dashboards"]);
const METRIC_KEYS = new Set(["metric", "metrics", "metric_2", "secondary_metric", "percent_metrics", "timeseries_limit_metric", "size", "x", "y"]);
const COLUMN_KEYS = new Set(["groupby", "columns", "all_columns", "x_axis", "series", "entity", "order_by_cols"]);

function labelsOf(key: string, v: unknown): string {
  const list = Array.isArray(v) ? v : v === undefined || v === null || v === "" ? [] : [v];
  if (METRIC_KEYS.has(key)) return list.length ? list.map(getMetricLabel).join(", ") : "(none)";
  if (COLUMN_KEYS.has(key)) return list.length ? list.map(getColumnLabel).join(", ") : "(none)";
  if (key === "adhoc_filters") return list.length ? list.map(filterText).join(", ") : "(none)";
  return said(v);
}

function filterText(f: unknown): string {
  const o = record(f);
  if (o.expressionType === "SQL") return String(o.sqlExpression ?? "");
  const val = Array.isArray(o.comparator) ? o.comparator.join(", ") : o.comparator;
  return [getColumnLabel(o.subject), o.operator, val].filter((x) => x !== undefined && x !== null && x !== "").join(" ");
}

function controlLabels(vizType: unknown): Map<string, string> {
  const panel = getChartType(vizType)?.controlPanel;
  return new Map(panel ? allControls(panel).map((c) => [c.name, c.label]) : []);
}

const humanKey = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

export function diffChartStates(before: State, after: State, options: ChartDiffOptions = {}): DiffLine[] {
  const lines: DiffLine[] = [];
  if (!same(before.slice_name, after.slice_name)) lines.push({ area: "properties", text: `Name: ${said(before.slice_name)} → ${said(after.slice_name)}` });
  if (!same(before.viz_type, after.viz_type)) lines.push({ area: "properties", text: `Chart type: ${said(before.viz_type)} → ${said(after.viz_type)}` });
  if (!same(before.datasource_id, after.datasource_id)) {
    const name = (id: unknown) => (typeof id === "number" && options.datasetNames?.get(id)) || (id === null || id === undefined ? "(none)" : `#${id}`);
    lines.push({ area: "properties", text: `Dataset: ${name(before.datasource_id)} → ${name(after.datasource_id)}` });
  }
  for (const [field, label] of [["description", "Description"], ["cache_timeout", "Cache timeout"], ["certified_by", "Certified by"], ["certification_details", "Certification details"]] as const)
    if (!same(before[field] ?? null, after[field] ?? null)) lines.push({ area: "properties", text: `${label}: ${said(before[field])} → ${said(after[field])}` });
  const a = record(before.params);
  const b = record(after.params);
  const labels = controlLabels(after.viz_type);
  const fallback = controlLabels(before.viz_type);
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    if (NOT_SAID.has(key) || same(a[key] ?? null, b[key] ?? null)) continue;
    const label = labels.get(key) ?? fallback.get(key) ?? humanKey(key);
    lines.push({ area: "controls", text: `${label}: ${labelsOf(key, a[key])} → ${labelsOf(key, b[key])}` });
  }
  return lines;
}
