// The Saved queries page (Superset's /savedqueryview/list/): the list arguments of GET /api/v1/saved_query/
// and the schedule kept in a saved query's extra_json (schedule_info, plus last_run written by the cron).

export const SAVED_QUERY_PAGE_SIZE = 25;

export const SAVED_QUERY_SORTS = ["changed_on", "created_on", "label", "schema"] as const;
export type SavedQuerySort = (typeof SAVED_QUERY_SORTS)[number];

export interface SavedQueryFilters {
  search: string;
  page: number;
  sort: SavedQuerySort;
  direction: "asc" | "desc";
}

export function savedQueryFiltersFromParams(params: URLSearchParams): SavedQueryFilters {
  const page = Number(params.get("page") ?? "1");
  const sort = params.get("sort");
  return {
    search: (params.get("search") ?? "").trim().slice(0, 500),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    sort: (SAVED_QUERY_SORTS as readonly string[]).includes(sort ?? "") ? (sort as SavedQuerySort) : "changed_on",
    direction: params.get("direction") === "asc" ? "asc" : "desc",
  };
}

export function savedQueryListQuery(f: SavedQueryFilters, pageSize = SAVED_QUERY_PAGE_SIZE) {
  return {
    filters: f.search ? [{ col: "label", opr: "all_text", value: f.search }] : [],
    order_column: f.sort,
    order_direction: f.direction,
    page: f.page - 1,
    page_size: pageSize,
  };
}

export interface ScheduleFields {
  crontab: string;
  /** datetime-local text, UTC ("2026-01-02T03:04"), or "" */
  start: string;
  end: string;
}

export interface LastRunView {
  status: string;
  at: string | null;
  rows: number | null;
  error: string | null;
}

function parseObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** ISO time → the minute-precision text a datetime-local input shows (UTC). */
const toInput = (v: unknown) => (typeof v === "string" && !Number.isNaN(Date.parse(v)) ? new Date(Date.parse(v)).toISOString().slice(0, 16) : "");
/** datetime-local text read as UTC → ISO, or null when empty. */
const fromInput = (v: string) => (v.trim() ? new Date(`${v.trim().length === 16 ? `${v.trim()}:00` : v.trim()}Z`).toISOString() : null);

/** The schedule form's fields, or null when the saved query is not scheduled. */
export function scheduleFieldsOf(extraJson: string | null | undefined): ScheduleFields | null {
  const info = parseObject(extraJson).schedule_info as Record<string, unknown> | undefined;
  if (!info || typeof info !== "object") return null;
  const crontab = info.crontab ?? info.schedule_interval;
  return { crontab: typeof crontab === "string" ? crontab : "", start: toInput(info.start_date), end: toInput(info.end_date) };
}

export function lastRunOf(extraJson: string | null | undefined): LastRunView | null {
  const last = parseObject(extraJson).last_run as Record<string, unknown> | undefined;
  if (!last || typeof last !== "object" || typeof last.status !== "string") return null;
  return {
    status: last.status,
    at: typeof last.at === "string" ? last.at : null,
    rows: typeof last.rows === "number" ? last.rows : null,
    error: typeof last.error === "string" ? last.error : null,
  };
}

/** A schedule's dates must read as dates; the server checks the cron expression and says why it is refused. */
export function scheduleFieldsError(fields: ScheduleFields): string | null {
  if (!fields.crontab.trim()) return "A cron expression is required, e.g. 0 6 * * 1";
  for (const [name, v] of [["Start", fields.start], ["End", fields.end]] as const) {
    if (v.trim() && !(LOCAL_MINUTE.test(v.trim()) && !Number.isNaN(Date.parse(`${v.trim()}Z`)))) return `${name} is not a date`;
  }
  if (fields.start && fields.end && fromInput(fields.end)! <= fromInput(fields.start)!) return "End must be after start";
  return null;
}

/**
 * extra_json with the schedule set (or removed when null). Other keys are kept; last_run is kept by the
 * server when the client leaves it out, so it is never sent back.
 */
export function extraJsonWithSchedule(extraJson: string | null | undefined, fields: ScheduleFields | null): string {
  const { last_run: _lastRun, schedule_info: _old, ...rest } = parseObject(extraJson);
  if (!fields) return JSON.stringify(rest);
  return JSON.stringify({ ...rest, schedule_info: { crontab: fields.crontab.trim(), start_date: fromInput(fields.start), end_date: fromInput(fields.end) } });
}

/** Superset's share link of a saved query: SQL Lab with ?savedQueryId. */
export const savedQueryLink = (origin: string, id: number) => `${origin}/sqllab/?savedQueryId=${id}`;
