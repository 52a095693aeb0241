import { ApiError } from "../http/errors";
import type { QueryFilter } from "../chart-data/query-context";
import type { QueryDialect } from "./dialects";
import { columnExpr, findColumn, type ExprContext } from "./expressions";
import type { TimeBounds } from "./types";

// Filters of a query object as WHERE predicates. Values become literals of the engine (never raw text);
// a filter on a column the dataset does not have is rejected, not an error, so a dashboard's native filter
// can target several datasets (Superset reports it in rejected_filters).

export interface FilterContext extends ExprContext {
  literals: QueryDialect;
  resolveTimeRange: (timeRange: string) => TimeBounds;
}

export interface FilterResult {
  predicates: string[];
  applied: { column: string }[];
  rejected: { column: string; reason: string }[];
  bounds: TimeBounds | null;
}

const NUMERIC_TYPE = /^(TINYINT|SMALLINT|MEDIUMINT|INT|INTEGER|BIGINT|INT2|INT4|INT8|DECIMAL|NUMERIC|NUMBER|REAL|FLOAT|DOUBLE|SERIAL)/i;

function invalid(message: string): ApiError {
  return new ApiError(400, message, "INVALID_PAYLOAD_SCHEMA_ERROR");
}

/** A value as a literal; numeric strings on numeric columns become numbers (Superset casts by column type). */
function literal(ctx: FilterContext, value: unknown, numericColumn: boolean): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return ctx.literals.booleanLiteral(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw invalid("A filter value must be a finite number");
    return String(value);
  }
  if (typeof value === "string") {
    if (numericColumn && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value.trim()) && Number.isFinite(Number(value))) return String(Number(value));
    return ctx.literals.stringLiteral(value);
  }
  throw invalid("A filter value must be a string, a number, a boolean or null");
}

function columnName(col: QueryFilter["col"]): string {
  return typeof col === "string" ? col : typeof col.label === "string" && col.label ? col.label : String(col.sqlExpression ?? "");
}

export function compileFilters(ctx: FilterContext, filters: QueryFilter[]): FilterResult {
  const out: FilterResult = { predicates: [], applied: [], rejected: [], bounds: null };
  for (const f of filters) {
    const name = columnName(f.col);
    if (typeof f.col === "string" && !findColumn(ctx, f.col)) {
      out.rejected.push({ column: name, reason: "not_in_datasource" });
      continue;
    }
    const expr = columnExpr(ctx, f.col);
    if (!expr) continue;
    const column = typeof f.col === "string" ? findColumn(ctx, f.col) : undefined;
    const numeric = !!column?.type && NUMERIC_TYPE.test(column.type);
    const predicate = predicateFor(ctx, f, expr.sql, numeric, out);
    if (predicate) out.predicates.push(predicate);
    out.applied.push({ column: name });
  }
  return out;
}

function predicateFor(ctx: FilterContext, f: QueryFilter, col: string, numeric: boolean, out: FilterResult): string | null {
  const scalar = () => {
    if (Array.isArray(f.val) || (f.val !== null && typeof f.val === "object")) throw invalid(`Filter ${f.op} on ${columnName(f.col)} needs a single value`);
    return literal(ctx, f.val, numeric);
  };
  const text = () => {
    if (typeof f.val !== "string") throw invalid(`Filter ${f.op} on ${columnName(f.col)} needs a text value`);
    return ctx.literals.stringLiteral(f.val);
  };
  switch (f.op) {
    case "==":
      return f.val === null ? `${col} IS NULL` : `${col} = ${scalar()}`;
    case "!=":
      return f.val === null ? `${col} IS NOT NULL` : `${col} != ${scalar()}`;
    case ">":
    case "<":
    case ">=":
    case "<=":
      return `${col} ${f.op} ${scalar()}`;
    case "LIKE":
      return `${col} LIKE ${text()}`;
    case "NOT LIKE":
      return `${col} NOT LIKE ${text()}`;
    case "ILIKE":
      return ctx.literals.ilike(col, text());
    case "REGEX":
      return ctx.literals.regex(col, text());
    case "IS NULL":
      return `${col} IS NULL`;
    case "IS NOT NULL":
      return `${col} IS NOT NULL`;
    case "IS TRUE":
      return `${col} = ${ctx.literals.booleanLiteral(true)}`;
    case "IS FALSE":
      return `${col} = ${ctx.literals.booleanLiteral(false)}`;
    case "IN":
    case "NOT IN":
      return membership(ctx, f, col, numeric);
    case "TEMPORAL_RANGE": {
      if (typeof f.val !== "string") throw invalid(`Filter TEMPORAL_RANGE on ${columnName(f.col)} needs a time range`);
      const bounds = ctx.resolveTimeRange(f.val);
      out.bounds = bounds;
      return timeBounds(ctx, col, bounds);
    }
  }
}

function membership(ctx: FilterContext, f: QueryFilter, col: string, numeric: boolean): string {
  const values = Array.isArray(f.val) ? f.val : [f.val];
  if (values.length > 10_000) throw invalid(`Filter ${f.op} on ${columnName(f.col)} has too many values`);
  const withNull = values.some((v) => v === null || v === undefined);
  const literals = values.filter((v) => v !== null && v !== undefined).map((v) => literal(ctx, v, numeric));
  const inList = literals.length ? `${col} IN (${literals.join(", ")})` : null;
  if (f.op === "IN") {
    const parts = [inList, withNull ? `${col} IS NULL` : null].filter(Boolean);
    return parts.length ? `(${parts.join(" OR ")})` : "1 = 0";
  }
  const parts = [inList ? `NOT ${inList}` : null, withNull ? `${col} IS NOT NULL` : null].filter(Boolean);
  return parts.length ? `(${parts.join(" AND ")})` : "1 = 1";
}

/** `col >= since AND col < until`, each bound only where the range has one. */
export function timeBounds(ctx: FilterContext, col: string, bounds: TimeBounds): string | null {
  const parts: string[] = [];
  const read = ctx.literals.temporalColumn ? ctx.literals.temporalColumn(col) : col;
  if (bounds.since) parts.push(`${read} >= ${ctx.literals.datetimeLiteral(bounds.since)}`);
  if (bounds.until) parts.push(`${read} < ${ctx.literals.datetimeLiteral(bounds.until)}`);
  return parts.length ? parts.join(" AND ") : null;
}
