import { filtersOfMetadata } from "./config";
import { crossFilterConfig, type CrossFilterConfig } from "./scope";
import type { FilterConfigItem } from "./types";

/** What the dashboard page needs of json_metadata for its filter bar: the filters and the cross-filter settings. */
export interface FilterSetup {
  filters: FilterConfigItem[];
  crossFilters: CrossFilterConfig;
  /** json_metadata.filter_bar_orientation: the bar on the left (VERTICAL, Superset's default) or on top */
  orientation: FilterBarOrientation;
}

export type FilterBarOrientation = "VERTICAL" | "HORIZONTAL";

export const orientationOf = (meta: Record<string, unknown>): FilterBarOrientation => (meta.filter_bar_orientation === "HORIZONTAL" ? "HORIZONTAL" : "VERTICAL");

/** json_metadata with filter_bar_orientation set, other keys kept (what the bar's settings menu saves). */
export function withOrientation(jsonMetadata: string | null | undefined, orientation: FilterBarOrientation): string {
  let meta: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(jsonMetadata || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) meta = parsed;
  } catch {
    // unreadable metadata: replaced by the setting alone
  }
  return JSON.stringify({ ...meta, filter_bar_orientation: orientation });
}

export function filterSetupOf(jsonMetadata: string | null | undefined): FilterSetup {
  let meta: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(jsonMetadata || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) meta = parsed;
  } catch {
    // unreadable metadata: no filters, cross-filters on (Superset's default)
  }
  return { filters: filtersOfMetadata(jsonMetadata), crossFilters: crossFilterConfig(meta), orientation: orientationOf(meta) };
}
