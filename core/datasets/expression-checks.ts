import type { DatasetUpdate } from "./payloads";

// Metric and calculated-column expressions are checked before a dataset is saved (as Superset's editor
// fails a chart later, here the save fails at once, naming the expression). Only new or changed
// expressions are run: an unchanged one was checked when it was saved, and each check costs a query.

export interface ExpressionCheck {
  kind: "metric" | "column";
  name: string;
  expression: string;
}

export interface StoredExpression {
  id: number;
  expression: string | null;
}

export function expressionsToCheck(update: Pick<DatasetUpdate, "metrics" | "columns">, stored: { metrics: StoredExpression[]; columns: StoredExpression[] }): ExpressionCheck[] {
  const before = (list: StoredExpression[], id: number | undefined) => (id === undefined ? undefined : list.find((x) => x.id === id)?.expression ?? null);
  const out: ExpressionCheck[] = [];
  for (const m of update.metrics ?? []) {
    if (m.expression.trim() && before(stored.metrics, m.id) !== m.expression) out.push({ kind: "metric", name: m.metric_name, expression: m.expression });
  }
  for (const c of update.columns ?? []) {
    const expr = c.expression?.trim() ? c.expression : null;
    if (expr && before(stored.columns, c.id) !== expr) out.push({ kind: "column", name: c.column_name, expression: expr });
  }
  return out;
}

/** The field error for one failed check: names the metric or column and quotes the expression. */
export function expressionError(check: ExpressionCheck, reason: string): string {
  const what = check.kind === "metric" ? "Metric" : "Calculated column";
  const shown = check.expression.length > 120 ? `${check.expression.slice(0, 120)}…` : check.expression;
  return `${what} "${check.name}" has an invalid SQL expression (${shown}): ${reason}`;
}
