import { chartUrl } from "../charts/shape";
import { dashboardUrl } from "../dashboards/shape";
import { humanizeAgo } from "../recent-activity";

// The cards of the home page (Superset's Welcome page): one shape for dashboards, charts and saved queries,
// with where the card leads and when the object was touched, and the merge of several kinds into one
// newest-first "Recents" list.

export type HomeItemKind = "dashboard" | "chart" | "saved_query";

export interface HomeItem {
  kind: HomeItemKind;
  id: number;
  title: string;
  url: string;
  /** "Modified 3 hours ago", "Viewed a minute ago" … */
  when: string;
  /** ISO time the item was touched, for ordering merged lists */
  at?: string | null;
  /** a saved query's SQL, shown clipped on its card */
  sql?: string | null;
}

export interface HomeSource {
  id: number;
  title: string;
  slug?: string | null;
  changed_on: string | null;
  sql?: string | null;
}

export function itemUrl(kind: HomeItemKind, s: Pick<HomeSource, "id" | "slug">): string {
  if (kind === "dashboard") return dashboardUrl({ id: s.id, slug: s.slug ?? null });
  if (kind === "chart") return chartUrl(s.id);
  return `/sqllab/?savedQueryId=${s.id}`;
}

export function homeItemOf(kind: HomeItemKind, s: HomeSource, now: number, verb = "Modified"): HomeItem {
  const at = s.changed_on ? Date.parse(s.changed_on) : NaN;
  return {
    kind, id: s.id, title: s.title || "<empty>", url: itemUrl(kind, s), at: s.changed_on,
    when: Number.isNaN(at) ? "" : `${verb} ${humanizeAgo(now - at)}`,
    ...(kind === "saved_query" ? { sql: s.sql ?? null } : {}),
  };
}

/** Several newest-first lists as one newest-first list of at most `limit`; `verb` replaces "Modified" in the label. */
export function mergeRecents(lists: HomeItem[][], limit: number, verb: string): HomeItem[] {
  return lists
    .flat()
    .sort((a, b) => (b.at ?? "").localeCompare(a.at ?? "") || a.title.localeCompare(b.title))
    .slice(0, limit)
    .map((i) => (verb === "Modified" ? i : { ...i, when: i.when.replace(/^Modified/, verb) }));
}
