import { ApiError } from "../http/errors";
import { validateAdhocClause } from "../sql-gate/clauses";
import type { SqlDialect } from "../sql-gate/lexer";
import type { Dialect } from "../connectors/dialects";
import type { DatasetForQuery, DatasetColumn } from "./types";
import type { GrainZoneOf } from "./grain-zone";

// Columns and metrics of a query object as SQL expressions with their labels. Names are looked up in the
// dataset; every fragment a user wrote (adhoc SQL column, adhoc SQL metric) passes the SQL gate's clause
// check. Saved metrics and calculated columns are the dataset owner's SQL and are spliced in parentheses.

export const AGGREGATES = ["AVG", "COUNT", "COUNT_DISTINCT", "MAX", "MIN", "SUM"] as const;

export interface Expr {
  sql: string;
  label: string;
}

export interface ExprContext {
  dataset: DatasetForQuery;
  dialect: Dialect;
  gateDialect: SqlDialect;
  allowSubqueries: boolean;
  missingColumns: Set<string>;
  /** the zone grains bucket in (absent: UTC), given the bucketed column's native type */
  grainZone?: GrainZoneOf;
  /** set once a grain was bucketed in the zone */
  zoned?: boolean;
}

/** A grain's bucket of a column, in the query's zone when it has one. */
function grained(ctx: ExprContext, sql: string, grain: string, columnType: string | null | undefined): string {
  const zone = ctx.grainZone?.(columnType);
  if (zone) ctx.zoned = true;
  return ctx.dialect.timeGrainExpression(sql, grain, zone);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export function findColumn(ctx: ExprContext, name: string): DatasetColumn | undefined {
  return ctx.dataset.columns.find((c) => c.column_name === name);
}

/** A dataset column's SQL: the quoted name, or the calculated column's expression. */
export function columnSql(ctx: ExprContext, column: DatasetColumn): string {
  return column.expression ? `(${column.expression})` : ctx.dialect.quoteIdentifier(column.column_name);
}

export function userClause(ctx: ExprContext, sql: string): string {
  return validateAdhocClause(sql, ctx.gateDialect, { allowSubqueries: ctx.allowSubqueries });
}

/** A column reference: a dataset column's name, or an adhoc column (SQL, possibly the x-axis with a time grain). */
export function columnExpr(ctx: ExprContext, ref: unknown, timeGrain?: string | null): Expr | null {
  if (typeof ref === "string") {
    const column = findColumn(ctx, ref);
    if (!column) {
      ctx.missingColumns.add(ref);
      return null;
    }
    const sql = columnSql(ctx, column);
    // the query's grain truncates temporal columns only: a dimension beside the x-axis (gender) stays as it is
    return { sql: timeGrain && column.is_dttm ? grained(ctx, sql, timeGrain, column.type) : sql, label: ref };
  }
  if (!isObject(ref)) throw invalid("A column must be a name or an adhoc column");
  const expression = ref.sqlExpression;
  if (typeof expression !== "string" || !expression.trim()) throw invalid("An adhoc column needs a sqlExpression");
  // The x-axis names a dataset column by its name; anything else a user wrote goes through the gate.
  const named = findColumn(ctx, expression.trim());
  const base = named ? columnSql(ctx, named) : userClause(ctx, expression);
  const grain = typeof ref.timeGrain === "string" && ref.timeGrain ? ref.timeGrain : ref.columnType === "BASE_AXIS" ? timeGrain : null;
  const label = typeof ref.label === "string" && ref.label ? ref.label : expression.trim();
  // a grain truncates a temporal column only: charts send any x-axis as BASE_AXIS (a bar chart by state, a heatmap's
  // categories), and Superset leaves a non-temporal dataset column as it is; an unnamed expression is taken at its word
  const temporal = named ? named.is_dttm : ref.columnType === "BASE_AXIS";
  return { sql: grain && temporal ? grained(ctx, base, grain, named?.type) : base, label };
}

/** A metric: a saved metric's name, an adhoc SIMPLE metric (aggregate of a column) or an adhoc SQL metric. */
export function metricExpr(ctx: ExprContext, ref: unknown): Expr {
  if (typeof ref === "string") {
    const saved = ctx.dataset.metrics.find((m) => m.metric_name === ref);
    if (!saved) throw new ApiError(400, `Metric '${ref}' does not exist`, "INVALID_PAYLOAD_SCHEMA_ERROR");
    return { sql: `(${saved.expression})`, label: ref };
  }
  if (!isObject(ref)) throw invalid("A metric must be a name or an adhoc metric");
  if (ref.expressionType === "SQL") {
    if (typeof ref.sqlExpression !== "string" || !ref.sqlExpression.trim()) throw invalid("An adhoc SQL metric needs a sqlExpression");
    const label = typeof ref.label === "string" && ref.label ? ref.label : ref.sqlExpression.trim();
    return { sql: userClause(ctx, ref.sqlExpression), label };
  }
  if (ref.expressionType === "SIMPLE") {
    const aggregate = typeof ref.aggregate === "string" ? ref.aggregate.toUpperCase() : "";
    if (!(AGGREGATES as readonly string[]).includes(aggregate)) throw invalid(`Unknown aggregate: ${String(ref.aggregate)}. Must be one of: ${AGGREGATES.join(", ")}`);
    const columnName = isObject(ref.column) ? ref.column.column_name : undefined;
    if (typeof columnName !== "string") throw invalid("An adhoc SIMPLE metric needs a column with a column_name");
    const column = findColumn(ctx, columnName);
    if (!column) {
      ctx.missingColumns.add(columnName);
      return { sql: "NULL", label: columnName };
    }
    const col = columnSql(ctx, column);
    const sql = aggregate === "COUNT_DISTINCT" ? `COUNT(DISTINCT ${col})` : `${aggregate}(${col})`;
    const label = typeof ref.label === "string" && ref.label ? ref.label : `${aggregate}(${columnName})`;
    return { sql, label };
  }
  throw invalid(`Unknown metric expressionType: ${String(ref.expressionType)}`);
}

/** Superset's message for columns a query names that the dataset does not have. */
export function missingColumnsError(names: Iterable<string>): ApiError {
  const list = [...names].map((n) => `'${n}'`).join(", ");
  return new ApiError(400, `Columns missing in dataset: [${list}]`, "COLUMN_DOES_NOT_EXIST_ERROR", {
    issue_codes: [
      { code: 1003, message: "Issue 1003 - There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo." },
      { code: 1004, message: "Issue 1004 - The column was deleted or renamed in the database." },
    ],
  });
}

function invalid(message: string): ApiError {
  return new ApiError(400, message, "INVALID_PAYLOAD_SCHEMA_ERROR");
}
