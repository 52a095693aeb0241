import { badRequest } from "./errors";

// Superset's list arguments, sent rison-encoded as `?q=`:
// (filters:!((col:name,opr:ct,value:abc)),order_column:changed_on,order_direction:desc,page:0,page_size:25)

export type FilterOperator = "eq" | "neq" | "gt" | "lt" | "ge" | "le" | "sw" | "ew" | "ct" | "nct" | "in" | "rel_o_m" | "rel_m_m";
export const GENERIC_OPERATORS: FilterOperator[] = ["eq", "neq", "gt", "lt", "ge", "le", "sw", "ew", "ct", "nct", "in", "rel_o_m", "rel_m_m"];

export interface ListFilter {
  col: string;
  opr: string;
  value: unknown;
}

export interface ListArgs {
  filters: ListFilter[];
  orderColumn: string | null;
  orderDirection: "asc" | "desc";
  page: number;
  pageSize: number;
  columns: string[] | null;
  /** FAB's `keys`: which metadata keys (list_columns, order_columns, …) the answer carries; null for all */
  keys?: string[] | null;
}

export const DEFAULT_PAGE_SIZE = 20;
/** FAB_API_MAX_PAGE_SIZE as Superset runs it: a larger page_size (or -1) is served as this many rows, not refused. */
export const MAX_PAGE_SIZE = 100;

/** Validates the decoded `q` of a list call; anything malformed is a 400 naming the problem. */
export function parseListArgs(q: unknown, opts: { maxPageSize?: number } = {}): ListArgs {
  if (q === undefined || q === null) q = {};
  if (typeof q !== "object" || Array.isArray(q)) throw badRequest("The q argument must be a rison object");
  const o = q as Record<string, unknown>;
  const filters = o.filters ?? [];
  if (!Array.isArray(filters)) throw badRequest("filters must be a list");
  const parsed: ListFilter[] = filters.map((f, i) => {
    if (!f || typeof f !== "object" || Array.isArray(f)) throw badRequest(`filters[${i}] must be an object`);
    const { col, opr, value } = f as Record<string, unknown>;
    if (typeof col !== "string" || typeof opr !== "string") throw badRequest(`filters[${i}] needs col and opr`);
    return { col, opr, value };
  });
  const direction = o.order_direction ?? "asc";
  if (direction !== "asc" && direction !== "desc") throw badRequest("order_direction must be asc or desc");
  if (o.order_column !== undefined && typeof o.order_column !== "string") throw badRequest("order_column must be a string");
  const page = o.page ?? 0;
  const pageSize = o.page_size ?? DEFAULT_PAGE_SIZE;
  const max = opts.maxPageSize ?? MAX_PAGE_SIZE;
  if (!Number.isInteger(page) || (page as number) < 0) throw badRequest("page must be a non-negative integer");
  if (!Number.isInteger(pageSize) || (pageSize as number) < -1 || pageSize === 0)
    throw badRequest(`page_size must be a positive integer, or -1 for the most a page holds (${max})`);
  const columns = o.columns ?? o.select_columns ?? null;
  if (columns !== null && (!Array.isArray(columns) || columns.some((c) => typeof c !== "string")))
    throw badRequest("columns must be a list of names");
  const keys = o.keys ?? null;
  if (keys !== null && (!Array.isArray(keys) || keys.some((k) => typeof k !== "string"))) throw badRequest("keys must be a list of names");
  return {
    filters: parsed,
    orderColumn: (o.order_column as string | undefined) ?? null,
    orderDirection: direction,
    page: page as number,
    // FAB caps -1 ("all") and sizes over the maximum at the maximum instead of refusing them
    pageSize: pageSize === -1 || (pageSize as number) > max ? max : (pageSize as number),
    columns: columns as string[] | null,
    keys: keys as string[] | null,
  };
}

/** The 1-based page a list page's address asks for (`?page=`); anything unusable is page 1. */
export function listPageParam(params: URLSearchParams): number {
  const page = Number(params.get("page") ?? "1");
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
