import { decodeRison } from "../../http/rison-guard";
import { activeTabs, pathTo, type Layout } from "../layout";

// The state a dashboard address can carry besides native_filters_key: Superset's `?native_filters=` (the data
// mask as rison, the older way of sharing filters) and a permalink's active tabs.

/** The data mask of `?native_filters=` as JSON text for the filter store, or null when it is not a rison object. */
export function maskOfNativeFiltersParam(text: string): string | null {
  try {
    const value = decodeRison(text);
    return value && typeof value === "object" && !Array.isArray(value) ? JSON.stringify(value) : null;
  } catch {
    return null;
  }
}

/**
 * The active tab of each tabs container: the first tab, then the permalink's active tabs (tabs the layout no
 * longer has are left out), then the anchor's path, as Superset opens a permalink.
 */
export function openingTabs(layout: Layout, tabs: string[] | null | undefined, anchor: string | null): Record<string, string> {
  const active = activeTabs(layout, null);
  for (const tab of tabs ?? []) {
    if (layout[tab]?.type !== "TAB") continue;
    const path = pathTo(layout, tab);
    for (let i = 1; i < path.length; i++) if (layout[path[i]].type === "TAB" && layout[path[i - 1]].type === "TABS") active[path[i - 1]] = path[i];
  }
  return anchor ? { ...active, ...diff(activeTabs(layout, anchor), activeTabs(layout, null)) } : active;
}

const diff = (a: Record<string, string>, b: Record<string, string>) => Object.fromEntries(Object.entries(a).filter(([k, v]) => b[k] !== v));
