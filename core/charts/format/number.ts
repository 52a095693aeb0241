import { formatLanguage } from "./language";
import { numberLocale } from "./locale";

// Superset's number formats: a d3-format specifier (",.2f", ".1%", "$,.2f", ...) or one of its named formats.
// Formatters are cached by language and format string because a chart formats every tick and cell with the same
// few; the language is the one locale context of ./language.ts ("1.234,5" in German).

export const SMART_NUMBER = "SMART_NUMBER";
export const SMART_NUMBER_SIGNED = "SMART_NUMBER_SIGNED";

export type NumberFormatter = (value: unknown) => string;

/** Superset's SMART_NUMBER: SI prefixes above 1000 (with B for billions, not G), 2 decimals from 1, 4 below 1. */
function smartNumberIn(d3Format: (specifier: string) => (n: number) => string): (value: number) => string {
  const siFormat = d3Format(".3~s");
  const float2 = d3Format(".2~f");
  const float4 = d3Format(".4~f");
  return (value) => smartNumber(value, siFormat, float2, float4);
}

function smartNumber(value: number, siFormat: (n: number) => string, float2: (n: number) => string, float4: (n: number) => string): string {
  if (value === 0) return "0";
  const abs = Math.abs(value);
  if (abs >= 1000) return siFormat(value).replace("G", "B");
  if (abs >= 1) return float2(value);
  if (abs >= 0.001) return float4(value);
  if (abs > 0.000001) return `${siFormat(value * 1000000)}µ`;
  return siFormat(value);
}

/** A duration in milliseconds as "1h 2m 3.4s", the way Superset's DURATION format (pretty-ms) reads. */
function duration(ms: number): string {
  if (ms === 0) return "0ms";
  const sign = ms < 0 ? "-" : "";
  let rest = Math.abs(ms);
  const parts: string[] = [];
  for (const [unit, size] of [["d", 86400000], ["h", 3600000], ["m", 60000]] as const) {
    const n = Math.floor(rest / size);
    if (n) parts.push(`${n}${unit}`);
    rest -= n * size;
  }
  if (rest >= 1000 || (parts.length && rest)) parts.push(`${Number((rest / 1000).toFixed(1))}s`);
  else if (rest) parts.push(`${Number(rest.toFixed(0))}ms`);
  return sign + parts.join(" ");
}

function named(formatString: string, d3Format: (specifier: string) => (n: number) => string): ((n: number) => string) | null {
  switch (formatString) {
    case SMART_NUMBER: return smartNumberIn(d3Format);
    case SMART_NUMBER_SIGNED: {
      const smart = smartNumberIn(d3Format);
      return (n) => (n > 0 ? `+${smart(n)}` : smart(n));
    }
    case "DURATION": return duration;
    default: return null;
  }
}

const cache = new Map<string, NumberFormatter>();

/** The formatter for a Superset number format; an empty format means SMART_NUMBER, Superset's default. */
export function getNumberFormatter(formatString?: string | null): NumberFormatter {
  const key = formatString || SMART_NUMBER;
  const language = formatLanguage();
  const cacheKey = `${language} ${key}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const d3Format = numberLocale(language).format;
  let fn = named(key, d3Format);
  if (!fn) {
    try {
      fn = d3Format(key);
    } catch {
      // Superset shows the value and says which format is wrong rather than breaking the chart
      fn = (n) => `${n} (Invalid format: ${key})`;
    }
  }
  const run = fn;
  const formatter: NumberFormatter = (value) => {
    if (value === null || value === undefined) return String(value);
    const n = Number(value);
    if (typeof value === "string" && (value.trim() === "" || Number.isNaN(n))) return value;
    if (Number.isNaN(n)) return "NaN";
    if (n === Infinity) return "∞";
    if (n === -Infinity) return "-∞";
    return run(n);
  };
  cache.set(cacheKey, formatter);
  return formatter;
}

/** Superset's D3_FORMAT_OPTIONS: the choices of every number-format control. */
export const NUMBER_FORMAT_CHOICES: [string, string][] = [
  [SMART_NUMBER, "Adaptive formatting"],
  ["~g", "Original value"],
  [",d", ",d (12345.432 => 12,345)"],
  [".1s", ".1s (12345.432 => 10k)"],
  [".3s", ".3s (12345.432 => 12.3k)"],
  [",.1%", ",.1% (12345.432 => 1,234,543.2%)"],
  [".2%", ".2% (12345.432 => 1234543.20%)"],
  [".3%", ".3% (12345.432 => 1234543.200%)"],
  [".4r", ".4r (12345.432 => 12350)"],
  [",.1f", ",.1f (12345.432 => 12,345.4)"],
  [",.2f", ",.2f (12345.432 => 12,345.43)"],
  [",.3f", ",.3f (12345.432 => 12,345.432)"],
  ["+,", "+, (12345.432 => +12,345.432)"],
  ["$,.2f", "$,.2f (12345.432 => $12,345.43)"],
  ["DURATION", "Duration in ms (66000 => 1m 6s)"],
];
