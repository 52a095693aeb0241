import { and, asc, desc, eq, getTableColumns, gt, gte, lt, lte, ne, not, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { badRequest } from "../../core/http/errors";
import type { ListArgs, ListFilter } from "../../core/http/list-query";
import { inList } from "../d1-params";

// Applies Superset's generic list filters and ordering to one table. Only the columns a resource
// names are filterable or sortable, so callers cannot probe other columns (password hashes, say).

export interface ListSpec {
  table: SQLiteTable;
  /** API column name → table column, for filters and ordering */
  columns: Record<string, SQLiteColumn>;
  defaultOrder: { column: SQLiteColumn; direction: "asc" | "desc" };
  /** resource-specific operators (e.g. a full-text "all_text"); return undefined to fall back to the generic ones */
  customFilter?: (filter: ListFilter) => SQL | undefined;
  /** conditions always applied (e.g. "only the caller's own queries") */
  baseWhere?: SQL;
  /** settles rows equal on the order column (default: the table's `id`), in the same direction */
  tiebreak?: SQLiteColumn;
}

/** The table column an API name stands for; names such as "toString" or "__proto__" are not own keys. */
function listColumn(spec: ListSpec, name: string): SQLiteColumn | undefined {
  return Object.hasOwn(spec.columns, name) ? spec.columns[name] : undefined;
}

export function whereFor(spec: ListSpec, filters: ListFilter[]): SQL | undefined {
  const parts: SQL[] = spec.baseWhere ? [spec.baseWhere] : [];
  for (const f of filters) {
    const custom = spec.customFilter?.(f);
    if (custom) {
      parts.push(custom);
      continue;
    }
    const column = listColumn(spec, f.col);
    if (!column) throw badRequest(`Filter column not allowed: ${f.col}`);
    parts.push(genericFilter(column, f));
  }
  return parts.length ? and(...parts) : undefined;
}

function genericFilter(column: SQLiteColumn, f: ListFilter): SQL {
  const v = f.value;
  const text = () => {
    if (typeof v !== "string" && typeof v !== "number") throw badRequest(`Filter ${f.col} ${f.opr} needs a text value`);
    return String(v).replace(/[\\%_]/g, (m) => `\\${m}`);
  };
  const scalar = () => {
    if (v !== null && typeof v === "object") throw badRequest(`Filter ${f.col} ${f.opr} needs a single value`);
    return v as string | number | boolean | null;
  };
  switch (f.opr) {
    case "eq":
    case "rel_o_m":
      return v === null ? sql`${column} IS NULL` : eq(column, scalar());
    case "neq":
      return v === null ? sql`${column} IS NOT NULL` : ne(column, scalar());
    case "gt":
      return gt(column, scalar());
    case "lt":
      return lt(column, scalar());
    case "ge":
      return gte(column, scalar());
    case "le":
      return lte(column, scalar());
    case "sw":
      return sql`${column} LIKE ${`${text()}%`} ESCAPE '\\'`;
    case "ew":
      return sql`${column} LIKE ${`%${text()}`} ESCAPE '\\'`;
    case "ct":
      return sql`lower(${column}) LIKE lower(${`%${text()}%`}) ESCAPE '\\'`;
    case "nct":
      return not(sql`lower(${column}) LIKE lower(${`%${text()}%`}) ESCAPE '\\'`);
    case "in":
    case "rel_m_m": {
      const values = Array.isArray(v) ? v : [v];
      if (values.length === 0) return sql`0`;
      if (values.length > 500) throw badRequest(`Filter ${f.col} has too many values`);
      return inList(column, values as (string | number)[]);
    }
    default:
      throw badRequest(`Filter operator not supported: ${f.opr}`);
  }
}

/**
 * The ORDER BY of a list asked to sort by `args.orderColumn`, one of `columns` (API name → column or expression):
 * text compares case-insensitively (SQLite's default BINARY order puts "Zebra" before "apple"; Superset's
 * databases collate case-insensitively, and a user expects a name list in alphabetical order), and `tiebreak`
 * (the id) settles equal values so paging never repeats or skips a row. Without an order column: `fallback`.
 */
export function orderTerms(args: ListArgs, columns: Record<string, SQLWrapper>, fallback: SQL[], tiebreak?: SQLiteColumn): SQL[] {
  if (!args.orderColumn) return fallback;
  const column = Object.hasOwn(columns, args.orderColumn) ? columns[args.orderColumn] : undefined;
  if (!column) throw badRequest(`Order column not allowed: ${args.orderColumn}`);
  const dir = args.orderDirection === "asc" ? asc : desc;
  // NOCASE only changes how text compares: numbers and ISO dates order as before
  return [dir(sql`${column} COLLATE NOCASE`), ...(tiebreak ? [dir(tiebreak)] : [])];
}

export function orderFor(spec: ListSpec, args: ListArgs): SQL[] {
  const tiebreak = spec.tiebreak ?? (getTableColumns(spec.table) as Record<string, SQLiteColumn | undefined>).id;
  const dir = spec.defaultOrder.direction === "asc" ? asc : desc;
  const fallback = [dir(spec.defaultOrder.column), ...(tiebreak ? [dir(tiebreak)] : [])];
  return orderTerms(args, spec.columns, fallback, tiebreak);
}

/** Runs the filtered, ordered, paged select; answers the page of rows and the total count. */
export async function listPage<T>(db: Database, spec: ListSpec, args: ListArgs): Promise<{ count: number; rows: T[] }> {
  const where = whereFor(spec, args.filters);
  const countRow = await db.select({ n: sql<number>`count(*)` }).from(spec.table).where(where).get();
  const rows = await db
    .select()
    .from(spec.table)
    .where(where)
    .orderBy(...orderFor(spec, args))
    .limit(args.pageSize)
    .offset(args.page * args.pageSize)
    .all();
  return { count: countRow?.n ?? 0, rows: rows as T[] };
}

