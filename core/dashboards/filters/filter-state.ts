// Superset's dashboard filter state (DashboardFilterStateRestApi, a TemporaryCacheRestApi): a viewer's data mask
// kept server-side for a week under a random key, so the URL carries only `native_filters_key`.

import type { KeyOwner } from "../../security/key-owner";

export const FILTER_STATE_TTL_MS = 7 * 24 * 3600 * 1000;
export const FILTER_STATE_MAX_CHARS = 1_000_000;

export class FilterStateError extends Error {}

/** The body of POST / PUT: { value: "<JSON text>" }; the value must be JSON, as Superset's schema checks. */
export function parseFilterStateBody(body: Record<string, unknown>): string {
  const value = body.value;
  if (typeof value !== "string") throw new FilterStateError("value: Missing data for required field.");
  if (value.length > FILTER_STATE_MAX_CHARS) throw new FilterStateError("value: The filter state is too large");
  try {
    JSON.parse(value);
  } catch {
    throw new FilterStateError("value: Not a valid JSON string");
  }
  return value;
}

export interface FilterStateEntry {
  dashboardId: number;
  /** a user id, or an anonymous visitor's own owner (core/security/key-owner.ts); 0 in entries stored anonymously before */
  owner: KeyOwner;
  tabId: number | null;
  value: string;
}

export const parseTabId = (raw: string | undefined): number | null => {
  if (raw === undefined || raw === "") return null;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new FilterStateError("tab_id must be a non-negative integer");
  return n;
};

/**
 * The applied values and cross-filters of a stored data mask (Superset's dataMask JSON: filter id or chart id →
 * { extraFormData, filterState }), for the filters the dashboard has now; anything else in it is ignored.
 * Throws FilterStateError when the text is not a data mask at all.
 */
export function restoreDataMask(text: string, filterIds: string[], chartIds: number[]): {
  applied: Record<string, unknown[] | string | null>;
  cross: Record<string, { extraFormData: Record<string, unknown>; filterState: Record<string, unknown> }>;
} {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FilterStateError("The filter state is not valid JSON");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new FilterStateError("The filter state is not a data mask");
  const applied: Record<string, unknown[] | string | null> = {};
  const cross: Record<string, { extraFormData: Record<string, unknown>; filterState: Record<string, unknown> }> = {};
  for (const [id, entry] of Object.entries(parsed as Record<string, unknown>)) {
    if (!entry || typeof entry !== "object") continue;
    const { extraFormData, filterState } = entry as { extraFormData?: unknown; filterState?: { value?: unknown } };
    const value = filterState?.value;
    if (filterIds.includes(id)) applied[id] = Array.isArray(value) || typeof value === "string" ? value : null;
    else if (chartIds.includes(Number(id)) && extraFormData && typeof extraFormData === "object" && filterState && typeof filterState === "object")
      cross[id] = { extraFormData: extraFormData as Record<string, unknown>, filterState: filterState as Record<string, unknown> };
  }
  return { applied, cross };
}
