// Labels Superset gives metrics and columns: the names their values come back under in chart data.

type Dict = Record<string, unknown>;
export const isDict = (v: unknown): v is Dict => v !== null && typeof v === "object" && !Array.isArray(v);
export const ensureArray = <T = unknown>(v: unknown): T[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]) as T[];

/** The time column's label when a chart has no x-axis (legacy timeseries). */
export const DTTM_ALIAS = "__timestamp";

export const isAdhocColumn = (v: unknown): v is Dict => isDict(v) && typeof v.sqlExpression === "string" && "label" in v;

export function getMetricLabel(metric: unknown): string {
  if (typeof metric === "string") return metric;
  if (!isDict(metric)) return String(metric);
  if (typeof metric.label === "string" && metric.label) return metric.label;
  if (metric.expressionType === "SIMPLE" && isDict(metric.column)) {
    return `${metric.aggregate}(${metric.column.column_name ?? metric.column.columnName})`;
  }
  return String(metric.sqlExpression ?? "");
}

export function getColumnLabel(column: unknown): string {
  if (typeof column === "string") return column;
  if (isDict(column)) return String(column.label || column.sqlExpression || "");
  return String(column);
}

export const isXAxisSet = (formData: Dict) => (typeof formData.x_axis === "string" && formData.x_axis !== "") || isAdhocColumn(formData.x_axis);

/** The x-axis label the pivoted data is indexed by. */
export const getXAxisLabel = (formData: Dict) => (isXAxisSet(formData) ? getColumnLabel(formData.x_axis) : DTTM_ALIAS);
