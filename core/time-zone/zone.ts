// IANA time zones through the platform's Intl (workerd and browsers carry the full tz database), so no
// zone list or offset table lives in this code.
//
// Why not dayjs's timezone plugin (dayjs is a dependency): checked here with dayjs 1.11.23, `.add(1, "day")`
// from midnight of America/Chicago's spring-forward day lands at 01:00 the next day (it adds 24 hours, not a
// calendar day), and a repeated wall hour (01:30 on Chicago's fall-back day) resolves to its second occurrence.
// Time ranges here do calendar arithmetic on wall clocks (core/time-range works on a "wall" Date whose UTC
// fields are the zone's local fields) and convert the result once, which needs only the two functions below.

export const UTC = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
    });
    formatters.set(zone, f);
  }
  return f;
}

let listed: Map<string, string> | null = null;

/**
 * The zone as the platform lists it ("europe/berlin" → "Europe/Berlin") when Intl knows it, else null. Not
 * resolvedOptions().timeZone: ICU answers legacy names there (Asia/Kolkata → Asia/Calcutta).
 */
export function canonicalZone(zone: unknown): string | null {
  if (typeof zone !== "string" || !zone.trim() || zone.length > 64) return null;
  const name = zone.trim();
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
  } catch {
    return null;
  }
  listed ??= new Map(zoneNames().map((z) => [z.toLowerCase(), z]));
  return listed.get(name.toLowerCase()) ?? name;
}

/** Every zone the platform lists (for pickers); UTC first. */
export function zoneNames(): string[] {
  const list = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  return [UTC, ...list.filter((z) => z !== UTC)];
}

/** The zone's local clock at an instant, as a Date whose UTC fields are that clock ("wall"). */
export function toWall(instant: Date, zone: string): Date {
  if (zone === UTC) return new Date(instant.getTime());
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  const ms = ((instant.getTime() % 1000) + 1000) % 1000;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, ms));
}

/** Minutes the zone is ahead of UTC at an instant (Asia/Kolkata: 330). */
export function offsetMinutes(instant: Date, zone: string): number {
  return Math.round((toWall(instant, zone).getTime() - instant.getTime()) / 60_000);
}

/**
 * The instant a wall clock reading means in a zone. A reading that does not exist (the hour skipped when
 * clocks go forward) moves forward by the gap, as Temporal's "compatible" does: 02:30 on a spring-forward day
 * is 03:30. A reading that happens twice (the hour repeated when clocks go back) is its first occurrence,
 * unless `prefer` is one of the two (then that one: "now" in a repeated hour stays exactly now).
 */
export function fromWall(wall: Date, zone: string, prefer?: Date): Date {
  if (zone === UTC) return new Date(wall.getTime());
  const t = wall.getTime();
  // the offsets in force a day either side bound every candidate (no zone changes twice within a day)
  const offsets = new Set([offsetMinutes(new Date(t - 86_400_000), zone), offsetMinutes(new Date(t), zone), offsetMinutes(new Date(t + 86_400_000), zone)]);
  const candidates = [...offsets]
    .map((o) => t - o * 60_000)
    .filter((c) => toWall(new Date(c), zone).getTime() === t)
    .sort((a, b) => a - b);
  if (candidates.length === 0) {
    // in a gap: the offset before the gap carries the reading past it
    const before = offsetMinutes(new Date(t - 86_400_000), zone);
    return new Date(t - before * 60_000);
  }
  if (prefer && candidates.includes(prefer.getTime())) return new Date(prefer.getTime());
  return new Date(candidates[0]);
}
