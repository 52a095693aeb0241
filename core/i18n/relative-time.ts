import { humanizeAgo } from "../recent-activity";
import type { Language } from "./languages";

// "changed … ago" in the page's language. English keeps Superset's own wording (humanizeAgo, what the API sends);
// German and Spanish come from Intl.RelativeTimeFormat ("vor 2 Tagen", "hace 2 días", "gestern"), in the same units.

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000], ["month", 30 * 86_400_000], ["day", 86_400_000], ["hour", 3_600_000], ["minute", 60_000], ["second", 1000],
];

/** `ms` is how long ago (positive: in the past), as humanizeAgo takes it. */
export function agoIn(language: Language, ms: number): string {
  if (language === "en") return humanizeAgo(ms);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  const abs = Math.abs(ms);
  for (const [unit, size] of UNITS) {
    const n = Math.floor(abs / size);
    if (n >= 1) return format.format(ms >= 0 ? -n : n, unit);
  }
  return format.format(0, "second");
}

/** The changed-on text of a row whose `changed_on` is an ISO time, or the API's English one when it has none. */
export function changedAgoIn(language: Language, changedOn: string | null | undefined, english: string | null, now = Date.now()): string | null {
  const at = changedOn ? Date.parse(changedOn) : NaN;
  if (language === "en" || Number.isNaN(at)) return english;
  return agoIn(language, now - at);
}
