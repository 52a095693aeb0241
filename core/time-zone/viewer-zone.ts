import { canonicalZone, UTC } from "./zone";

// Which zone a chart's relative time ranges resolve in: the dashboard's pinned zone when the request names one
// (form_data.time_zone, which the dashboard page sets from its json_metadata), else the viewer's own, else UTC.
// A zone that is no longer valid falls back to UTC with a warning rather than failing the chart.

/** The json_metadata key a dashboard pins its zone under ("each viewer's zone" when absent). */
export const DASHBOARD_ZONE_KEY = "time_zone";

export interface ChosenZone {
  zone: string;
  /** set when a named zone was not valid and UTC was used instead */
  warning?: string;
}

export function chooseZone(pinned: unknown, viewer: string | null | undefined): ChosenZone {
  if (pinned !== undefined && pinned !== null && pinned !== "") {
    const zone = canonicalZone(pinned);
    return zone ? { zone } : { zone: UTC, warning: `The time zone ${JSON.stringify(pinned)} is not a known IANA zone; times are shown in UTC.` };
  }
  return { zone: (viewer && canonicalZone(viewer)) || UTC };
}

/** A dashboard's pinned zone from its json_metadata; undefined when it follows each viewer. */
export function pinnedZoneOf(metadata: Record<string, unknown> | null | undefined): unknown {
  const value = metadata?.[DASHBOARD_ZONE_KEY];
  return value === null || value === "" ? undefined : value;
}

/** The same from json_metadata's text (unreadable metadata pins nothing). */
export function pinnedZoneOfJson(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? pinnedZoneOf(parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The viewer's own zone: a signed-in user's profile zone, or the zone a host app put in a guest token's user
 * (`user.time_zone`, checked when the token was made); null when neither names one.
 */
export function viewerZoneOf(viewer: { profile?: { time_zone: string | null } | null; guest?: { user: Readonly<Record<string, unknown>> } }): string | null {
  if (viewer.profile) return viewer.profile.time_zone;
  const zone = viewer.guest?.user.time_zone;
  return typeof zone === "string" ? canonicalZone(zone) : null;
}

/**
 * A signed-in reader seen from another zone: a report runs as its owner, but its "Today" is the day of the zone
 * its schedule is in (Superset's report `timezone`), not the owner's. An unknown zone leaves the reader as is.
 */
export function readingIn<P extends { profile?: { time_zone: string | null } | null }>(reader: P, zone: string | null | undefined): P {
  const known = canonicalZone(zone);
  return known && reader.profile ? { ...reader, profile: { ...reader.profile, time_zone: known } } : reader;
}
