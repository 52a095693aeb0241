import { ALL_STATES } from "./query-state";
import type { QueryState } from "./types";

// The Query history page (Superset's "Query search"): its filters live in the page's URL, and become the
// rison list arguments of GET /api/v1/query/ (filters on database, status, user, start_time and sql).

export const HISTORY_PAGE_SIZE = 25;

export const TIME_RANGES = {
  day: { label: "Last day", ms: 86_400_000 },
  week: { label: "Last week", ms: 7 * 86_400_000 },
  month: { label: "Last month", ms: 30 * 86_400_000 },
  quarter: { label: "Last quarter", ms: 91 * 86_400_000 },
  year: { label: "Last year", ms: 365 * 86_400_000 },
} as const;
export type TimeRange = keyof typeof TIME_RANGES;

export interface HistoryFilters {
  database: number | null;
  status: QueryState | null;
  user: number | null;
  /** a preset relative to now; ignored when from or to is given */
  range: TimeRange | null;
  /** UTC days, YYYY-MM-DD, both inclusive */
  from: string | null;
  to: string | null;
  search: string;
  /** 1-based, as shown */
  page: number;
}

const positiveInt = (v: string | null) => {
  const n = Number(v ?? "");
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : null);

export function historyFiltersFromParams(params: URLSearchParams): HistoryFilters {
  const status = params.get("status");
  const range = params.get("range");
  return {
    database: positiveInt(params.get("database")),
    status: status && (ALL_STATES as readonly string[]).includes(status) ? (status as QueryState) : null,
    user: positiveInt(params.get("user")),
    range: range && Object.hasOwn(TIME_RANGES, range) ? (range as TimeRange) : null,
    from: day(params.get("from")),
    to: day(params.get("to")),
    search: (params.get("search") ?? "").trim().slice(0, 500),
    page: Math.min(positiveInt(params.get("page")) ?? 1, 100_000),
  };
}

/** The URL form of the filters; defaults are left out so a clean page has a clean address. */
export function historyFiltersToParams(f: HistoryFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.database) p.set("database", String(f.database));
  if (f.status) p.set("status", f.status);
  if (f.user) p.set("user", String(f.user));
  if (f.range) p.set("range", f.range);
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  if (f.search) p.set("search", f.search);
  if (f.page > 1) p.set("page", String(f.page));
  return p;
}

/** start_time bounds in epoch ms (how the server stores it): custom days win over a preset. */
export function startTimeBounds(f: HistoryFilters, now: number): { after: number | null; before: number | null } {
  if (f.from || f.to) {
    return {
      after: f.from ? Date.parse(`${f.from}T00:00:00Z`) : null,
      before: f.to ? Date.parse(`${f.to}T00:00:00Z`) + 86_400_000 : null,
    };
  }
  return { after: f.range ? now - TIME_RANGES[f.range].ms : null, before: null };
}

export function historyListQuery(f: HistoryFilters, now: number, pageSize = HISTORY_PAGE_SIZE) {
  const filters: { col: string; opr: string; value: unknown }[] = [];
  if (f.database) filters.push({ col: "database", opr: "rel_o_m", value: f.database });
  if (f.status) filters.push({ col: "status", opr: "eq", value: f.status });
  if (f.user) filters.push({ col: "user", opr: "rel_o_m", value: f.user });
  const { after, before } = startTimeBounds(f, now);
  if (after !== null) filters.push({ col: "start_time", opr: "ge", value: after });
  if (before !== null) filters.push({ col: "start_time", opr: "lt", value: before });
  if (f.search) filters.push({ col: "sql", opr: "ct", value: f.search });
  return { filters, order_column: "start_time", order_direction: "desc", page: f.page - 1, page_size: pageSize };
}

/** Superset's duration column: HH:MM:SS.mmm between start and end (epoch ms); empty while unknown. */
export function durationText(startMs: number | null | undefined, endMs: number | null | undefined): string {
  if (typeof startMs !== "number" || typeof endMs !== "number" || endMs < startMs) return "";
  const total = Math.round(endMs - startMs);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
}

/** A start time (epoch ms) as a UTC wall-clock text, "2026-01-02 03:04:05". */
export function startTimeText(ms: number | null | undefined): string {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return "";
  return new Date(ms).toISOString().replace("T", " ").slice(0, 19);
}
