import { formatLocale, type FormatLocaleDefinition } from "d3-format";
import { timeFormatLocale, type TimeLocaleDefinition } from "d3-time-format";
import deNumber from "d3-format/locale/de-DE" with { type: "json" };
import esNumber from "d3-format/locale/es-ES" with { type: "json" };
import enNumber from "d3-format/locale/en-US" with { type: "json" };
import deTime from "d3-time-format/locale/de-DE" with { type: "json" };
import esTime from "d3-time-format/locale/es-ES" with { type: "json" };
import enTime from "d3-time-format/locale/en-US" with { type: "json" };
import type { Language } from "../../i18n/languages";
import { formatLanguage } from "./language";

// d3-format and d3-time-format locale definitions of the UI's languages, for the language of ./language.ts (the
// one locale context every chart's formatting reads). Formatters are made for the language active when first asked
// for and cached per language, so a formatter a chart keeps (an axis tick callback) stays in the language it was
// drawn in.

const TAGS: Record<Language, string> = { en: "en-US", de: "de-DE", es: "es-ES" };

// every language writes an ASCII hyphen for minus: d3-format 3 defaults to U+2212, Superset's pinned d3-format
// 1.x writes "-", and saved Superset dashboards' figures should read the same
const NUMBER: Record<Language, FormatLocaleDefinition> = {
  en: { ...(enNumber as FormatLocaleDefinition), minus: "-" },
  de: { ...(deNumber as FormatLocaleDefinition), minus: "-" },
  es: { ...(esNumber as FormatLocaleDefinition), minus: "-" },
};

/** CLDR's abbreviations ("Dez.", "Mi.") where the runtime's Intl has them: d3's own lists drop German's period. */
function intlShortNames(tag: string, fallback: TimeLocaleDefinition): Pick<TimeLocaleDefinition, "shortMonths" | "shortDays"> {
  if (tag === "en-US") return fallback;
  try {
    // the names as they read inside a date ("2. Dez. 2026"), not CLDR's stand-alone forms ("Dez")
    const inDate = new Intl.DateTimeFormat(tag, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    const part = (ms: number, type: "month" | "weekday") => inDate.formatToParts(ms).find((p) => p.type === type)?.value ?? "";
    const months = Array.from({ length: 12 }, (_, m) => part(Date.UTC(2021, m, 15), "month"));
    // 2021-01-03 was a Sunday, d3's first day
    const days = Array.from({ length: 7 }, (_, d) => part(Date.UTC(2021, 0, 3 + d), "weekday"));
    if (![...months, ...days].every(Boolean)) return fallback;
    return { shortMonths: months as TimeLocaleDefinition["shortMonths"], shortDays: days as TimeLocaleDefinition["shortDays"] };
  } catch {
    return fallback;
  }
}

function timeDefinition(language: Language, base: TimeLocaleDefinition): TimeLocaleDefinition {
  return { ...base, ...intlShortNames(TAGS[language], base) };
}

const numberLocales = new Map<Language, ReturnType<typeof formatLocale>>();
const timeLocales = new Map<Language, ReturnType<typeof timeFormatLocale>>();

export function numberLocale(language: Language = formatLanguage()) {
  let hit = numberLocales.get(language);
  if (!hit) numberLocales.set(language, (hit = formatLocale(NUMBER[language])));
  return hit;
}

const TIME: Record<Language, TimeLocaleDefinition> = {
  en: enTime as TimeLocaleDefinition,
  de: deTime as TimeLocaleDefinition,
  es: esTime as TimeLocaleDefinition,
};

export function timeLocale(language: Language = formatLanguage()) {
  let hit = timeLocales.get(language);
  if (!hit) timeLocales.set(language, (hit = timeFormatLocale(timeDefinition(language, TIME[language]))));
  return hit;
}
