import { RECENT_VIZ_TYPES_KEY, parseRecentVizTypes, withRecentVizType } from "../../../core/explore/recent-viz-types";

// The gallery's "Recently used" types in local storage (core/explore/recent-viz-types holds the rules).

export function recentVizTypes(): string[] {
  try {
    return parseRecentVizTypes(localStorage.getItem(RECENT_VIZ_TYPES_KEY));
  } catch {
    return []; // storage disabled: no recent list
  }
}

export function rememberVizType(vizType: string): void {
  try {
    localStorage.setItem(RECENT_VIZ_TYPES_KEY, JSON.stringify(withRecentVizType(recentVizTypes(), vizType)));
  } catch {
    // storage full or disabled: the list is simply not kept
  }
}
