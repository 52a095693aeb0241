// Superset's time range picker (DateFilterLabel) as pure data: the choice the picker shows for a time_range
// string, and the string a choice writes. The strings are Superset's own ("Last week", "previous calendar
// month", "2020-01-01T00:00:00 : now", DATEADD(DATETIME("now"), -7, day) …), so saved charts and imported
// bundles open on the tab Superset would open them on; anything the other tabs cannot show is Advanced.

export const NO_FILTER = "No filter";
export const LAST_CHOICES = ["Last day", "Last week", "Last month", "Last quarter", "Last year"] as const;
export const PREVIOUS_CHOICES = ["previous calendar week", "previous calendar month", "previous calendar year"] as const;
export const RELATIVE_UNITS = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"] as const;
export type RelativeUnit = (typeof RELATIVE_UNITS)[number];

/** One end of a custom range: a specific date, N units before/after now, or now itself. */
export type CustomEnd =
  | { mode: "specific"; datetime: string }
  | { mode: "relative"; value: number; unit: RelativeUnit; direction: "before" | "after" }
  | { mode: "now" };

export type TimeRangeChoice =
  | { kind: "no_filter" }
  | { kind: "last"; range: string }
  | { kind: "previous"; range: string }
  | { kind: "custom"; start: CustomEnd; end: CustomEnd }
  | { kind: "advanced"; start: string; end: string };

export type TimeRangeKind = TimeRangeChoice["kind"];

const SPECIFIC = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/;
const RELATIVE = /^DATEADD\(DATETIME\("now"\),\s*(-?\d+),\s*(second|minute|hour|day|week|month|quarter|year)\)$/i;

/** "2020-01-01" and "2020-01-01T10:00" written the way Superset's picker writes them: with seconds. */
export function normalizeDatetime(text: string): string {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return `${t}T00:00:00`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(t)) return `${t}:00`;
  return t;
}

function parseEnd(text: string): CustomEnd | null {
  const t = text.trim();
  if (t.toLowerCase() === "now") return { mode: "now" };
  if (SPECIFIC.test(t)) return { mode: "specific", datetime: normalizeDatetime(t) };
  const m = RELATIVE.exec(t);
  if (m) {
    const n = Number(m[1]);
    return { mode: "relative", value: Math.abs(n), unit: m[2].toLowerCase() as RelativeUnit, direction: n < 0 ? "before" : "after" };
  }
  return null;
}

export function encodeEnd(end: CustomEnd): string {
  if (end.mode === "now") return "now";
  if (end.mode === "specific") return normalizeDatetime(end.datetime);
  return `DATEADD(DATETIME("now"), ${end.direction === "before" ? -end.value : end.value}, ${end.unit})`;
}

/** Splits "start : end" at Superset's separator; a string without one is all start. */
export function splitRange(timeRange: string): [string, string] {
  const at = timeRange.indexOf(" : ");
  return at < 0 ? [timeRange.trim(), ""] : [timeRange.slice(0, at).trim(), timeRange.slice(at + 3).trim()];
}

/** The picker's choice for a time_range string (empty or missing means no filter). */
export function choiceOf(timeRange: string | null | undefined): TimeRangeChoice {
  const text = (timeRange ?? "").trim();
  if (!text || text === NO_FILTER) return { kind: "no_filter" };
  const named = (list: readonly string[]) => list.find((r) => r.toLowerCase() === text.toLowerCase());
  const last = named(LAST_CHOICES);
  if (last) return { kind: "last", range: last };
  const previous = named(PREVIOUS_CHOICES);
  if (previous) return { kind: "previous", range: previous };
  const [start, end] = splitRange(text);
  const [s, e] = [parseEnd(start), parseEnd(end)];
  if (s && e) return { kind: "custom", start: s, end: e };
  return { kind: "advanced", start, end };
}

/** The time_range string a choice writes. */
export function timeRangeOf(choice: TimeRangeChoice): string {
  switch (choice.kind) {
    case "no_filter": return NO_FILTER;
    case "last":
    case "previous": return choice.range;
    case "custom": return `${encodeEnd(choice.start)} : ${encodeEnd(choice.end)}`;
    case "advanced": return `${choice.start.trim()} : ${choice.end.trim()}`;
  }
}

/**
 * Advanced's start and end for a named range, meaning the same span (Superset's get_since_until): "Last week" is
 * a week back from today until today, "previous calendar month" the month before this one. Advanced then starts
 * from the range the user had, not from the name typed as a start (which the server reads as an open range).
 */
export function advancedBounds(range: string): [string, string] {
  const m = /^(last|previous calendar)\s+(day|week|month|quarter|year)$/i.exec(range.trim());
  if (!m) return [range.trim(), ""];
  const unit = m[2].toLowerCase();
  const back = `DATEADD(DATETIME("today"), -1, ${unit})`;
  return m[1].toLowerCase() === "last" ? [back, "today"] : [`DATETRUNC(${back}, ${unit})`, `DATETRUNC(DATETIME("today"), ${unit})`];
}

/** The choice a tab starts with when the user switches to it, carrying over what it can. */
export function switchKind(current: TimeRangeChoice, kind: TimeRangeKind): TimeRangeChoice {
  if (current.kind === kind) return current;
  switch (kind) {
    case "no_filter": return { kind };
    case "last": return { kind, range: "Last week" };
    case "previous": return { kind, range: "previous calendar week" };
    case "custom": {
      const parsed = choiceOf(timeRangeOf(current));
      if (parsed.kind === "custom") return parsed;
      return { kind, start: { mode: "relative", value: 7, unit: "day", direction: "before" }, end: { mode: "now" } };
    }
    case "advanced": {
      const [start, end] = current.kind === "no_filter" ? ["", ""] : current.kind === "last" || current.kind === "previous" ? advancedBounds(current.range) : splitRange(timeRangeOf(current));
      return { kind, start, end };
    }
  }
}

/** A message when the choice cannot be applied yet (Superset blocks Apply), else null. */
export function choiceProblem(choice: TimeRangeChoice): string | null {
  if (choice.kind === "custom") {
    for (const end of [choice.start, choice.end]) {
      if (end.mode === "specific" && !SPECIFIC.test(end.datetime.trim())) return "Date Filter must have value";
      if (end.mode === "relative" && (!Number.isInteger(end.value) || end.value < 0)) return "Relative quantity is expected to be a positive integer";
    }
  }
  if (choice.kind === "advanced" && !choice.start.trim() && !choice.end.trim()) return "Date Filter must have value";
  return null;
}

/** The rison text GET /api/v1/time_range/?q= takes for one range: a quoted string, quotes escaped with "!". */
export function timeRangeQuery(timeRange: string): string {
  return `'${timeRange.replace(/!/g, "!!").replace(/'/g, "!'")}'`;
}
