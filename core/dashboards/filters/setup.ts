import { filtersOfMetadata } from "./config";
import { crossFilterConfig, type CrossFilterConfig } from "./scope";
import type { FilterConfigItem } from "./types";

/** What the dashboard page needs of json_metadata for its filter bar: the filters and the cross-filter settings. */
export interface FilterSetup {
  filters: FilterConfigItem[];
  crossFilters: CrossFilterConfig;
}

export function filterSetupOf(jsonMetadata: string | null | undefined): FilterSetup {
  let meta: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(jsonMetadata || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) meta = parsed;
  } catch {
    // unreadable metadata: no filters, cross-filters on (Superset's default)
  }
  return { filters: filtersOfMetadata(jsonMetadata), crossFilters: crossFilterConfig(meta) };
}
