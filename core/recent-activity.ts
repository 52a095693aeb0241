import { badRequest } from "./http/errors";

// GET /api/v1/log/recent_activity/: the caller's recently viewed dashboards and charts, in Superset's shape
// (RecentActivitySchema: action, item_type, item_url, item_title, time in epoch ms, time_delta_humanized).

/** Superset counts mount events; our SPA logs page views as spa_navigation, which carry the same ids. */
export const DEFAULT_RECENT_ACTIONS = ["mount_explorer", "mount_dashboard", "spa_navigation"];
export const RECENT_PAGE_SIZE = { default: 10, max: 100 };

export interface RecentActivityArgs {
  actions: string[];
  distinct: boolean;
  page: number;
  pageSize: number;
}

export function parseRecentActivityArgs(q: unknown): RecentActivityArgs {
  if (q === undefined || q === null) q = {};
  if (typeof q !== "object" || Array.isArray(q)) throw badRequest("The q argument must be a rison object");
  const o = q as Record<string, unknown>;
  const actions = o.actions ?? DEFAULT_RECENT_ACTIONS;
  if (!Array.isArray(actions) || actions.some((a) => typeof a !== "string") || actions.length > 50)
    throw badRequest("actions must be a list of action names");
  const distinct = o.distinct ?? true;
  if (typeof distinct !== "boolean") throw badRequest("distinct must be true or false");
  const page = o.page ?? 0;
  const pageSize = o.page_size ?? RECENT_PAGE_SIZE.default;
  if (!Number.isInteger(page) || (page as number) < 0) throw badRequest("page must be a non-negative integer");
  if (!Number.isInteger(pageSize) || (pageSize as number) < 1 || (pageSize as number) > RECENT_PAGE_SIZE.max)
    throw badRequest(`page_size must be an integer from 1 to ${RECENT_PAGE_SIZE.max}`);
  return { actions: actions as string[], distinct, page: page as number, pageSize: pageSize as number };
}

export interface RecentRow {
  action: string;
  dttm: string;
  dashboard_id: number | null;
  slice_id: number | null;
  dashboard_slug: string | null;
  dashboard_title: string | null;
  slice_name: string | null;
}

export interface RecentActivityItem {
  action: string;
  item_type: "dashboard" | "slice" | null;
  item_url: string | null;
  item_title: string | null;
  time: number;
  time_delta_humanized: string;
}

export function recentActivityItem(row: RecentRow, now: number): RecentActivityItem {
  const time = Date.parse(row.dttm);
  const base = { action: row.action, time, time_delta_humanized: humanizeAgo(now - time) };
  if (row.dashboard_id) {
    const key = row.dashboard_slug || String(row.dashboard_id);
    return { ...base, item_type: "dashboard", item_url: `/superset/dashboard/${encodeURIComponent(key)}/`, item_title: row.dashboard_title };
  }
  if (row.slice_id) {
    return { ...base, item_type: "slice", item_url: `/explore/?slice_id=${row.slice_id}`, item_title: row.slice_name || "<empty>" };
  }
  return { ...base, item_type: null, item_url: null, item_title: null };
}

/**
 * Each object once, at its latest view: the log keeps a row per (dashboard, chart, action), so one chart opened
 * by a mount event and a page navigation, or a dashboard viewed with and without a chart in the event, would
 * otherwise repeat. `items` are newest first; the first of each address is kept, the order left as it is.
 */
export function distinctRecentItems(items: RecentActivityItem[]): RecentActivityItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (!item.item_url) return true;
    if (seen.has(item.item_url)) return false;
    seen.add(item.item_url);
    return true;
  });
}

const UNITS: [number, string, string][] = [
  [365 * 86_400_000, "a year", "years"],
  [30 * 86_400_000, "a month", "months"],
  [86_400_000, "a day", "days"],
  [3_600_000, "an hour", "hours"],
  [60_000, "a minute", "minutes"],
  [1000, "a second", "seconds"],
];

/** "now", "a minute ago", "3 hours ago": the style of Python's humanize.naturaltime that Superset sends. */
export function humanizeAgo(ms: number): string {
  const past = ms >= 0;
  const abs = Math.abs(ms);
  for (const [size, one, many] of UNITS) {
    const n = Math.floor(abs / size);
    if (n >= 1) return `${n === 1 ? one : `${n} ${many}`} ${past ? "ago" : "from now"}`;
  }
  return "now";
}
