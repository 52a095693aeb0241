// The viz-type gallery's "Recently used" list (Superset keeps it in local storage): the types the user chose
// last, most recent first, each once, at most RECENT_VIZ_TYPES_LIMIT. Pure: the browser side reads and writes
// the stored text.

export const RECENT_VIZ_TYPES_KEY = "explore__recently_used_viz_types";
export const RECENT_VIZ_TYPES_LIMIT = 10;

/** The list stored as text; anything malformed (another version, a hand edit) reads as empty. */
export function parseRecentVizTypes(text: string | null): string[] {
  if (!text) return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? [...new Set(v.filter((t): t is string => typeof t === "string" && t.length > 0))].slice(0, RECENT_VIZ_TYPES_LIMIT) : [];
  } catch {
    return [];
  }
}

/** The list after the user chose `vizType`: it moves to the front. */
export function withRecentVizType(list: readonly string[], vizType: string): string[] {
  return [vizType, ...list.filter((t) => t !== vizType)].slice(0, RECENT_VIZ_TYPES_LIMIT);
}

/** The recent types still known to the registry (a type removed since is skipped). */
export function knownRecentVizTypes(list: readonly string[], known: (vizType: string) => boolean): string[] {
  return list.filter(known);
}
