import type { FormData } from "../charts/contract";
import { getChartType } from "../charts/registry";
import { allControls } from "../charts/controls/validate";
import { getColumnLabel, getMetricLabel } from "../charts/query/labels";

// "Change dataset": datasource-bound controls drop values whose column or metric the new dataset
// lacks; an adhoc SQL expression is kept with Superset's datasource warning, since it may or may not work there.
// Which keys are bound comes from the chart type's control panel plus the keys every Superset chart may carry
// (so values of other types' controls stashed in the form data are cleaned too).

export interface DatasetShape {
  columns: { column_name: string }[];
  metrics: { metric_name: string }[];
}

export const METRIC_WARNING = "This metric might be incompatible with current dataset";
export const COLUMN_WARNING = "This column might be incompatible with current dataset";
export const FILTER_WARNING = "This filter might be incompatible with current dataset";

type Kind = "metrics" | "metric" | "columns" | "column" | "filters";

const KNOWN_KEYS: Record<string, Kind> = {
  metrics: "metrics", percent_metrics: "metrics", metric: "metric", secondary_metric: "metric", timeseries_limit_metric: "metric",
  series_limit_metric: "metric", size: "metric", x: "metric", y: "metric", metrics_b: "metrics",
  groupby: "columns", columns: "columns", all_columns: "columns", series_columns: "columns", groupby_b: "columns",
  x_axis: "column", granularity_sqla: "column", entity: "column", series: "column", source: "column", target: "column",
  adhoc_filters: "filters", adhoc_filters_b: "filters",
};

const CONTROL_KINDS: Record<string, Kind> = {
  MetricsControl: "metrics", MetricControl: "metric", GroupByControl: "columns", ColumnControl: "column", XAxisControl: "column",
  AdhocFilterControl: "filters",
};

const isDict = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export interface DatasetChange {
  formData: FormData;
  /** kept adhoc SQL items, each "label: warning" */
  warnings: string[];
  /** labels of the values dropped */
  dropped: string[];
}

function boundKeys(formData: FormData): Map<string, Kind> {
  const keys = new Map<string, Kind>(Object.entries(KNOWN_KEYS));
  const type = getChartType(formData.viz_type);
  for (const control of type ? allControls(type.controlPanel) : []) {
    const kind = CONTROL_KINDS[control.type];
    if (!kind) continue;
    // a single column control that holds a list (GroupByControl with multi) stays a list
    keys.set(control.name, kind === "columns" && control.multi === false ? "column" : kind);
  }
  return keys;
}

export function reconcileWithDataset(formData: FormData, dataset: DatasetShape): DatasetChange {
  const columns = new Set(dataset.columns.map((c) => c.column_name));
  const metrics = new Set(dataset.metrics.map((m) => m.metric_name));
  const warnings: string[] = [];
  const dropped: string[] = [];
  const warn = (label: string, message: string) => warnings.push(`${label}: ${message}`);

  /** the metric kept (possibly the same object), or undefined when dropped */
  const metric = (m: unknown): unknown => {
    if (typeof m === "string") return metrics.has(m) ? m : void dropped.push(m);
    if (!isDict(m)) return m;
    if (m.expressionType === "SQL") return warn(getMetricLabel(m), METRIC_WARNING), m;
    const col = isDict(m.column) ? String(m.column.column_name ?? "") : "";
    return columns.has(col) ? m : void dropped.push(getMetricLabel(m));
  };
  const column = (c: unknown): unknown => {
    if (typeof c === "string") return columns.has(c) ? c : void dropped.push(c);
    if (isDict(c) && typeof c.sqlExpression === "string") {
      // a SQL column naming exactly a column is that column; anything else is adhoc SQL
      if (columns.has(c.sqlExpression)) return c;
      return warn(getColumnLabel(c), COLUMN_WARNING), c;
    }
    return c;
  };
  const filter = (f: unknown): unknown => {
    if (!isDict(f)) return f;
    if (f.expressionType === "SQL") return warn(String(f.sqlExpression ?? ""), FILTER_WARNING), f;
    const subject = typeof f.subject === "string" ? f.subject : "";
    return columns.has(subject) || metrics.has(subject) ? f : void dropped.push(subject || "filter");
  };

  const out: FormData = { ...formData };
  for (const [key, kind] of boundKeys(formData)) {
    if (!(key in out)) continue;
    const value = out[key];
    const each = kind === "metrics" || kind === "metric" ? metric : kind === "filters" ? filter : column;
    if (Array.isArray(value)) out[key] = value.map(each).filter((v) => v !== undefined);
    else if (value !== null && value !== undefined && value !== "") out[key] = each(value) ?? null;
  }
  return { formData: out, warnings, dropped };
}
