import type { ExtraFormData, NativeFilter } from "./types";
import { filterColumn, filterDatasetId } from "./mask";
import { preFilterOf, preFilterQuery } from "./pre-filter";

// A value filter's option list, as Superset's filter_select plugin asks for it (its buildQuery): the column
// grouped, narrowed by the filter's pre-filter and its cascade parents' selections, searched on the server
// (ILIKE), sorted by the column or by a metric, and fetched a page at a time (100 per page), so a
// column of 100,000 values never travels whole.

export { preFilterOf };

export const SELECT_PAGE_SIZE = 100;

/** Superset's select token separators: comma, CRLF, newline, tab, semicolon. */
const SEPARATORS = /\r\n|[,\n\t;]/;

/** Pasted text split into values: trimmed, empties dropped, duplicates kept once (first wins). */
export function splitPasted(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(SEPARATORS)) {
    const v = part.trim();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

/** Whether pasted text holds a list (more than one value), so the control takes it as values, not as search text. */
export const isPastedList = (text: string): boolean => SEPARATORS.test(text) && splitPasted(text).length > 1;

/**
 * Pasted labels matched to the known options (by their text, case-insensitively when no exact match), so a
 * number column keeps numbers; labels no option matches are kept as typed (the server may still hold them:
 * only a page of options is loaded).
 */
export function matchPasted(labels: string[], options: unknown[]): unknown[] {
  const exact = new Map(options.map((o) => [String(o), o]));
  const loose = new Map(options.map((o) => [String(o).toLowerCase(), o]));
  return labels.map((l) => (exact.has(l) ? exact.get(l) : loose.has(l.toLowerCase()) ? loose.get(l.toLowerCase()) : l));
}

/** Select All: every loaded option added to the selection (already selected ones kept in their place). */
export function selectAll(selected: unknown[], options: unknown[]): unknown[] {
  const have = new Set(selected.map(String));
  return [...selected, ...options.filter((o) => !have.has(String(o)))];
}

/** The metric a filter's values are sorted by, if any (Superset's top-level sortMetric). */
export function sortMetricOf(f: NativeFilter): string | undefined {
  const m = (f as unknown as { sortMetric?: unknown }).sortMetric;
  return typeof m === "string" && m ? m : undefined;
}

const COUNT = { expressionType: "SQL", sqlExpression: "COUNT(*)", label: "__count" };

export interface ValuesRequest {
  /** pending masks of the cascade parents */
  parents: ExtraFormData[];
  search: string;
  /** zero-based page */
  page: number;
}

/** The chart-data request body for one page of a value filter's options (null: the filter has no column). */
export function valuesQueryContext(f: NativeFilter, req: ValuesRequest): Record<string, unknown> | null {
  const column = filterColumn(f);
  const datasetId = filterDatasetId(f);
  if (!column || datasetId === undefined) return null;
  const { filters, ...narrowing } = preFilterQuery(f, req.parents);
  const search = req.search.trim();
  if (search) filters.push({ col: column, op: "ILIKE", val: `%${search}%` });
  const metric = sortMetricOf(f);
  const sortAscending = f.controlValues.sortAscending;
  // Superset: ordered only when a sort is configured (sortAscending set, or a metric); we always order, so pages
  // are stable across requests — by the column ascending unless told otherwise
  const ascending = sortAscending === undefined ? true : Boolean(sortAscending);
  return {
    datasource: { id: datasetId, type: "table" },
    force: false,
    queries: [{
      columns: [column],
      // a metric makes the query group by the column (one row per value); without a sort metric, a row count
      metrics: [metric ?? COUNT],
      filters,
      ...narrowing,
      orderby: [[metric ?? column, ascending]],
      row_limit: SELECT_PAGE_SIZE,
      row_offset: Math.max(0, req.page) * SELECT_PAGE_SIZE,
    }],
    result_format: "json",
    result_type: "full",
  };
}

/** A page's values out of the chart-data rows; `more` when the page was full (another may follow). */
export function valuesOfPage(f: NativeFilter, rows: Record<string, unknown>[]): { values: unknown[]; more: boolean } {
  const column = filterColumn(f) ?? "";
  return { values: rows.map((r) => r[column]), more: rows.length >= SELECT_PAGE_SIZE };
}

/** Pages joined in order, a value seen on an earlier page not repeated. */
export function joinPages(pages: unknown[][]): unknown[] {
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const page of pages) for (const v of page) {
    const k = JSON.stringify(v);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(v);
    }
  }
  return out;
}

/**
 * The value a "Select first filter value by default" filter takes once its options are in: the first option,
 * unless something is chosen already. Superset's defaultToFirstItem (the filter becomes required too).
 */
export function firstValueDefault(f: NativeFilter, current: unknown, options: unknown[]): unknown[] | null {
  if (!f.controlValues.defaultToFirstItem || !options.length) return null;
  if (Array.isArray(current) && current.length) return null;
  return [options[0]];
}
