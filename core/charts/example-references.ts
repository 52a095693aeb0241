import type { ChartExample, ChartType, QueryObjectBody } from "./contract";

// What an example chart's queries name in its dataset: the columns and saved metrics its buildQuery sends to
// POST /api/v1/chart/data. Read from the query context (not the form data) so every key a chart type reads is
// covered without a list of form-data keys per type.

export interface DatasetReferences {
  columns: Set<string>;
  metrics: Set<string>;
  /** orderby entries given by name: a saved metric or a column */
  either: Set<string>;
}

function columnName(col: unknown): string | undefined {
  if (typeof col === "string") return col;
  if (col && typeof col === "object") {
    const c = col as Record<string, unknown>;
    // an x-axis or a column picked from the list: a plain reference written as SQL
    if ((c.isColumnReference || c.columnType === "BASE_AXIS") && typeof c.sqlExpression === "string") return c.sqlExpression;
  }
  return undefined;
}

function addMetric(refs: DatasetReferences, metric: unknown, into: Set<string>): void {
  if (typeof metric === "string") into.add(metric);
  else if (metric && typeof metric === "object") {
    const m = metric as { expressionType?: string; column?: { column_name?: string } };
    if (m.expressionType === "SIMPLE" && m.column?.column_name) refs.columns.add(m.column.column_name);
  }
}

export function exampleReferences(type: ChartType, example: ChartExample, datasetId: number): DatasetReferences {
  const context = type.buildQuery({ ...example.params, datasource: `${datasetId}__table` });
  const refs: DatasetReferences = { columns: new Set(), metrics: new Set(), either: new Set() };
  const addColumn = (col: unknown) => {
    const name = columnName(col);
    if (name) refs.columns.add(name);
  };
  for (const q of context.queries as QueryObjectBody[]) {
    (q.columns ?? []).forEach(addColumn);
    ((q.series_columns as unknown[] | undefined) ?? []).forEach(addColumn);
    for (const f of q.filters ?? []) addColumn(f.col);
    for (const m of q.metrics ?? []) addMetric(refs, m, refs.metrics);
    for (const [by] of q.orderby ?? []) addMetric(refs, by, refs.either);
    if (typeof q.granularity === "string") refs.columns.add(q.granularity);
  }
  return refs;
}
