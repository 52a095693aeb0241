import { NO_FILTER } from "./time-range-choice";

// Superset's adhoc metrics and adhoc filters as Explore's popovers write them into form data:
// SIMPLE (column + aggregate; subject + operator + comparator) or SQL (an expression; a WHERE/HAVING clause),
// with the labels Superset shows on their pills and the checks that keep the popover's Save disabled.

export const AGGREGATES = ["COUNT", "COUNT_DISTINCT", "SUM", "AVG", "MIN", "MAX"] as const;
export const UNARY_OPERATORS = new Set(["IS NULL", "IS NOT NULL"]);
export const LIST_OPERATORS = new Set(["IN", "NOT IN"]);
export const FILTER_OPERATORS = ["==", "!=", ">", "<", ">=", "<=", "IN", "NOT IN", "LIKE", "NOT LIKE", "ILIKE", "IS NULL", "IS NOT NULL", "TEMPORAL_RANGE"];
export const OPERATOR_LABELS: Record<string, string> = {
  "==": "Equal to (=)", "!=": "Not equal to (≠)", ">": "Greater than (>)", "<": "Less than (<)", ">=": "Greater or equal (>=)",
  "<=": "Less than or equal (<=)", IN: "In", "NOT IN": "Not in", LIKE: "Like", "NOT LIKE": "Not like", ILIKE: "Like (case insensitive)",
  "IS NULL": "Is null", "IS NOT NULL": "Is not null", TEMPORAL_RANGE: "Time range",
};

export type Clause = "WHERE" | "HAVING";

export interface AdhocFilter {
  expressionType: "SIMPLE" | "SQL";
  clause: Clause;
  subject?: string | null;
  operator?: string | null;
  comparator?: unknown;
  sqlExpression?: string | null;
  isExtra?: boolean;
  filterOptionName?: string;
}

const optionName = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 12)}`;

export function simpleMetric(column: string, aggregate: string, type: string | null, label?: string) {
  const custom = label?.trim();
  return {
    expressionType: "SIMPLE", column: { column_name: column, type }, aggregate, label: custom || `${aggregate}(${column})`,
    hasCustomLabel: Boolean(custom), optionName: optionName("metric"),
  };
}

/** A Custom SQL metric: Superset labels it with its expression unless the user names it. */
export function sqlMetric(sqlExpression: string, label?: string) {
  const custom = label?.trim();
  const sql = sqlExpression.trim();
  return { expressionType: "SQL", sqlExpression: sql, label: custom || sql, hasCustomLabel: Boolean(custom), optionName: optionName("metric") };
}

export function simpleFilter(subject: string, operator: string, comparator: unknown, clause: Clause = "WHERE"): AdhocFilter {
  return {
    expressionType: "SIMPLE", subject, operator, comparator: UNARY_OPERATORS.has(operator) ? null : comparator, clause,
    sqlExpression: null, isExtra: false, filterOptionName: optionName("filter"),
  };
}

/** The time filter Superset's picker writes: TEMPORAL_RANGE on a temporal column, the range as comparator. */
export const temporalRangeFilter = (column: string, timeRange: string) => simpleFilter(column, "TEMPORAL_RANGE", timeRange);

export function sqlFilter(sqlExpression: string, clause: Clause): AdhocFilter {
  return { expressionType: "SQL", sqlExpression: sqlExpression.trim(), clause, subject: null, operator: null, comparator: null, isExtra: false, filterOptionName: optionName("filter") };
}

/** The text of a filter's pill, as Superset's AdhocFilterOption shows it. */
export function filterLabel(f: AdhocFilter): string {
  if (f.expressionType !== "SIMPLE") return `${f.clause === "HAVING" ? "HAVING " : ""}${f.sqlExpression ?? ""}`;
  const op = String(f.operator ?? "");
  if (op === "TEMPORAL_RANGE") return `${f.subject} (${String(f.comparator ?? NO_FILTER)})`;
  const v = Array.isArray(f.comparator) ? `(${f.comparator.join(", ")})` : UNARY_OPERATORS.has(op) ? "" : String(f.comparator ?? "");
  return `${String(f.subject)} ${op} ${v}`.trim();
}

/** Why a filter cannot be saved yet (null when it can). */
export function filterProblem(f: AdhocFilter): string | null {
  if (f.expressionType === "SQL") return f.sqlExpression?.trim() ? null : "Custom SQL cannot be empty";
  if (!f.subject) return "Choose a column";
  const op = String(f.operator ?? "");
  if (!FILTER_OPERATORS.includes(op)) return "Choose an operator";
  // "No filter" is a time filter's value like any other: Superset's own default time filter is "ds No filter"
  if (op === "TEMPORAL_RANGE") return typeof f.comparator === "string" && f.comparator.trim() ? null : "Date Filter must have value";
  if (UNARY_OPERATORS.has(op)) return null;
  if (LIST_OPERATORS.has(op)) return Array.isArray(f.comparator) && f.comparator.length ? null : "Choose at least one value";
  return f.comparator === null || f.comparator === undefined || f.comparator === "" ? "Enter a value" : null;
}

/** A comparator typed as text becomes a number when the column is numeric (Superset sends numbers unquoted). */
export function typedComparator(text: string, columnType: string | null | undefined): string | number {
  const numeric = /INT|REAL|FLOAT|DOUBLE|DECIMAL|NUMERIC|NUMBER/i.test(columnType ?? "");
  return numeric && /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;
}
