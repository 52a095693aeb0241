// The state of a list page (filters, sort, page, view mode) as it lives in the page's address, and the
// Superset list query (`?q=` of GET /api/v1/<resource>/) it stands for. The address keeps short readable
// keys (`?owner=3&sort=slice_name&order=asc&page=2&view=card`) so a list can be linked, reloaded and
// navigated back to; the query is what the API (and the page's loader, which shares its query) reads.
// Pure: the list pages' hook and loaders both call it, and unit tests pin the mapping both ways.

/** How a filter's text in the address becomes the API filter's value. */
export type ListFilterKind = "text" | "id" | "boolean";

export interface ListFilterSpec {
  /** the address key (`?owner=`) */
  key: string;
  /** the API filter's column and operator (Superset's names, e.g. owners rel_m_m, id chart_is_favorite) */
  col: string;
  opr: string;
  kind: ListFilterKind;
}

export type SortDirection = "asc" | "desc";
export interface ListSort {
  column: string;
  direction: SortDirection;
}

export interface ListViewConfig {
  filters: ListFilterSpec[];
  /** the API's order columns the page offers as sortable headers */
  sortColumns: string[];
  defaultSort: ListSort;
  pageSize: number;
  /** view modes the page has; the first is the default */
  views: string[];
}

export interface ListUrlState {
  /** filter key → the value as written in the address; only valid, non-empty values */
  filters: Record<string, string>;
  sort: ListSort;
  /** 1-based, as shown */
  page: number;
  view: string;
}

export interface ListQuery {
  filters: { col: string; opr: string; value: string | number | boolean }[];
  order_column: string;
  order_direction: SortDirection;
  page: number;
  page_size: number;
}

const MAX_TEXT = 250;
const MAX_PAGE = 100_000;

/** The filter's value for the API, or undefined when the address holds nothing usable for it. */
function filterValue(spec: ListFilterSpec, raw: string): string | number | boolean | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  if (spec.kind === "text") return text.slice(0, MAX_TEXT);
  if (spec.kind === "id") {
    const n = Number(text);
    return Number.isSafeInteger(n) && n > 0 && /^\d+$/.test(text) ? n : undefined;
  }
  return text === "true" ? true : text === "false" ? false : undefined;
}

export function parseListUrlState(params: URLSearchParams, config: ListViewConfig): ListUrlState {
  const filters: Record<string, string> = {};
  for (const spec of config.filters) {
    const raw = params.get(spec.key);
    const value = raw === null ? undefined : filterValue(spec, raw);
    if (value !== undefined) filters[spec.key] = String(value);
  }
  const column = params.get("sort");
  const order = params.get("order");
  const sort: ListSort =
    column && config.sortColumns.includes(column)
      ? { column, direction: order === "asc" || order === "desc" ? order : "asc" }
      : config.defaultSort;
  const pageText = params.get("page") ?? "1";
  const pageNumber = Number(pageText);
  const page = /^\d+$/.test(pageText) && pageNumber >= 1 && pageNumber <= MAX_PAGE ? pageNumber : 1;
  const viewParam = params.get("view");
  const view = viewParam && config.views.includes(viewParam) ? viewParam : config.views[0];
  return { filters, sort, page, view };
}

/** The address for a state; defaults are left out so the plain list keeps a plain address. */
export function listUrlSearch(state: ListUrlState, config: ListViewConfig): URLSearchParams {
  const params = new URLSearchParams();
  for (const spec of config.filters) {
    const raw = state.filters[spec.key];
    const value = raw === undefined ? undefined : filterValue(spec, raw);
    if (value !== undefined) params.set(spec.key, String(value));
  }
  const isDefaultSort = state.sort.column === config.defaultSort.column && state.sort.direction === config.defaultSort.direction;
  if (!isDefaultSort && config.sortColumns.includes(state.sort.column)) {
    params.set("sort", state.sort.column);
    params.set("order", state.sort.direction);
  }
  if (state.page > 1) params.set("page", String(state.page));
  if (state.view !== config.views[0] && config.views.includes(state.view)) params.set("view", state.view);
  return params;
}

/** The Superset list query (rison `?q=`) the state stands for. */
export function listQuery(state: ListUrlState, config: ListViewConfig): ListQuery {
  const filters: ListQuery["filters"] = [];
  for (const spec of config.filters) {
    const raw = state.filters[spec.key];
    const value = raw === undefined ? undefined : filterValue(spec, raw);
    if (value !== undefined) filters.push({ col: spec.col, opr: spec.opr, value });
  }
  return {
    filters,
    order_column: state.sort.column,
    order_direction: state.sort.direction,
    page: state.page - 1,
    page_size: config.pageSize,
  };
}

/**
 * The state a list query stands for (the way back): filters the page does not offer are dropped, as are
 * sort columns it does not offer; the view mode is not part of a query, so it is the default.
 */
export function listStateFromQuery(query: Partial<ListQuery>, config: ListViewConfig): ListUrlState {
  const filters: Record<string, string> = {};
  for (const f of query.filters ?? []) {
    const spec = config.filters.find((s) => s.col === f.col && s.opr === f.opr);
    const value = spec ? filterValue(spec, String(f.value)) : undefined;
    if (spec && value !== undefined) filters[spec.key] = String(value);
  }
  const column = query.order_column;
  const sort: ListSort =
    column && config.sortColumns.includes(column) ? { column, direction: query.order_direction === "desc" ? "desc" : "asc" } : config.defaultSort;
  const page = Number.isSafeInteger(query.page) && (query.page as number) >= 0 ? (query.page as number) + 1 : 1;
  return { filters, sort, page, view: config.views[0] };
}

/** The next sort when a column header is clicked: a new column starts ascending, the same column flips. */
export function nextSort(current: ListSort, column: string): ListSort {
  if (current.column !== column) return { column, direction: "asc" };
  return { column, direction: current.direction === "asc" ? "desc" : "asc" };
}

/** Whether any filter is applied (the page then offers "Clear all" and a no-match empty state). */
export const isFiltered = (state: ListUrlState) => Object.keys(state.filters).length > 0;
