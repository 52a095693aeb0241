import type { Language } from "../../i18n/languages";
import { formatLanguage } from "./language";
import { timeLocale } from "./locale";

// Superset's date formats: a d3-time-format specifier ("%Y-%m-%d") or a named one. Chart data carries epoch
// milliseconds in UTC and Superset formats them in UTC (useLocalTime false), so every formatter here is UTC.
// Month and day names and the adaptive formats' order follow the language of ./language.ts ("2. Dez. 2026").

export const SMART_DATE = "smart_date";
export const SMART_DATE_VERBOSE = "smart_date_verbose";
export const SMART_DATE_DETAILED = "smart_date_detailed";
export const DATABASE_DATETIME = "%Y-%m-%d %H:%M:%S";

export type TimeFormatter = (value: unknown) => string;

type Level = "millisecond" | "second" | "minute" | "hour" | "day" | "week" | "month" | "year";

/** The coarsest calendar unit a moment sits exactly on, as d3's multi-format picks (weeks start on Sunday). */
function level(d: Date): Level {
  if (d.getUTCMilliseconds()) return "millisecond";
  if (d.getUTCSeconds()) return "second";
  if (d.getUTCMinutes()) return "minute";
  if (d.getUTCHours()) return "hour";
  if (d.getUTCDate() !== 1) return d.getUTCDay() ? "day" : "week";
  if (d.getUTCMonth()) return "month";
  return "year";
}

type Patterns = Record<Level, string>;

function multi(formats: Patterns, utcFormat: (specifier: string) => (d: Date) => string): (d: Date) => string {
  const fns = Object.fromEntries(Object.entries(formats).map(([k, f]) => [k, utcFormat(f)])) as Record<Level, (d: Date) => string>;
  return (d) => fns[level(d)](d);
}

// tables: a full date, trimmed of the parts that are zero (ISO order reads the same in every language)
const DETAILED: Patterns = {
  millisecond: "%Y-%m-%d %H:%M:%S.%L", second: "%Y-%m-%d %H:%M:%S", minute: "%Y-%m-%d %H:%M", hour: "%Y-%m-%d %H:%M",
  day: "%Y-%m-%d", week: "%Y-%m-%d", month: "%Y-%m-%d", year: "%Y",
};

// Superset's "Adaptive formatting": ticks read "2021", "March", "Mar 07", "Tue 09", "03 PM", ... in English; German
// and Spanish put the day before the month and use a 24-hour clock ("7. März", "15:00")
const ADAPTIVE: Record<Language, { smart: Patterns; verbose: Patterns }> = {
  en: {
    smart: { millisecond: ".%Lms", second: ":%Ss", minute: "%I:%M", hour: "%I %p", day: "%a %d", week: "%b %d", month: "%B", year: "%Y" },
    verbose: {
      millisecond: ".%L", second: "%a %b %d, %I:%M:%S %p", minute: "%a %b %d, %I:%M %p", hour: "%a %b %d, %I %p",
      day: "%a %b %-e", week: "%a %b %-e", month: "%b %Y", year: "%Y",
    },
  },
  de: {
    smart: { millisecond: ".%Lms", second: ":%Ss", minute: "%H:%M", hour: "%H:%M", day: "%a %d.", week: "%-e. %b", month: "%B", year: "%Y" },
    verbose: {
      millisecond: ".%L", second: "%a, %-e. %b, %H:%M:%S", minute: "%a, %-e. %b, %H:%M", hour: "%a, %-e. %b, %H:%M",
      day: "%a, %-e. %b %Y", week: "%a, %-e. %b %Y", month: "%b %Y", year: "%Y",
    },
  },
  es: {
    smart: { millisecond: ".%Lms", second: ":%Ss", minute: "%H:%M", hour: "%H:%M", day: "%a %d", week: "%-e %b", month: "%B", year: "%Y" },
    verbose: {
      millisecond: ".%L", second: "%a, %-e %b, %H:%M:%S", minute: "%a, %-e %b, %H:%M", hour: "%a, %-e %b, %H:%M",
      day: "%a, %-e %b %Y", week: "%a, %-e %b %Y", month: "%b %Y", year: "%Y",
    },
  },
};

function named(key: string, language: Language, utcFormat: (specifier: string) => (d: Date) => string): ((d: Date) => string) | null {
  switch (key) {
    case SMART_DATE: return multi(ADAPTIVE[language].smart, utcFormat);
    case SMART_DATE_VERBOSE: return multi(ADAPTIVE[language].verbose, utcFormat);
    case SMART_DATE_DETAILED: return multi(DETAILED, utcFormat);
    default: return null;
  }
}

const cache = new Map<string, TimeFormatter>();

/** Accepts epoch ms, a Date, or text Date can parse; null stays "null" as Superset shows it. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === "number") return new Date(value);
  if (typeof value === "string" && value.trim()) {
    const ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) || !/\d:\d/.test(value) ? value : `${value.replace(" ", "T")}Z`);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  return null;
}

/** The formatter for a Superset date format; empty means '%Y-%m-%d %H:%M:%S', Superset's default. */
export function getTimeFormatter(formatString?: string | null): TimeFormatter {
  const key = formatString || DATABASE_DATETIME;
  const language = formatLanguage();
  const cacheKey = `${language} ${key}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const { utcFormat } = timeLocale(language);
  const fn = named(key, language, utcFormat) ?? utcFormat(key);
  const formatter: TimeFormatter = (value) => {
    if (value === null || value === undefined) return String(value);
    const d = toDate(value);
    return d && !Number.isNaN(d.getTime()) ? fn(d) : String(value);
  };
  cache.set(cacheKey, formatter);
  return formatter;
}

/** Superset's D3_TIME_FORMAT_OPTIONS. */
export const TIME_FORMAT_CHOICES: [string, string][] = [
  [SMART_DATE, "Adaptive formatting"],
  ["%d/%m/%Y", "%d/%m/%Y | 14/01/2019"],
  ["%m/%d/%Y", "%m/%d/%Y | 01/14/2019"],
  ["%Y-%m-%d", "%Y-%m-%d | 2019-01-14"],
  ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10"],
  ["%d-%m-%Y %H:%M:%S", "%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10"],
  ["%H:%M:%S", "%H:%M:%S | 01:32:10"],
];

/** Superset's TimeFormatsForGranularity: how a value bucketed to a grain reads when the format is adaptive. */
const GRAIN_FORMATS: Record<string, string> = {
  PT1S: "%Y-%m-%d %H:%M:%S", PT1M: "%Y-%m-%d %H:%M", PT5M: "%Y-%m-%d %H:%M", PT30M: "%Y-%m-%d %H:%M", PT1H: "%Y-%m-%d %H:00",
  PT6H: "%Y-%m-%d %H:00", P1D: "%Y-%m-%d", P1W: "%Y-%m-%d", P1M: "%b %Y", P3M: "%Y Q%q", P1Y: "%Y",
};

export function getTimeFormatterForGranularity(grain?: unknown): TimeFormatter {
  return getTimeFormatter(typeof grain === "string" && Object.hasOwn(GRAIN_FORMATS, grain) ? GRAIN_FORMATS[grain] : SMART_DATE_DETAILED);
}
