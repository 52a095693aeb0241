// The helpers a handlebars chart's template can call: Superset's own (dateFormat, formatNumber, stringify) and
// the comparisons and logic of just-handlebars-helpers that templates use most. A helper gets its params, then
// an options object with the hash.

export interface HelperOptions { hash: Record<string, unknown>; name: string }
export type Helper = (...args: unknown[]) => unknown;

/** The params a helper was called with, without the options object Handlebars passes last. */
const paramsOf = (args: unknown[]) => args.slice(0, -1);
const optionsOf = (args: unknown[]) => args[args.length - 1] as HelperOptions;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** dayjs's format tokens (the library Superset's dateFormat uses), in UTC as the chart's data are. */
export function formatDate(value: unknown, pattern: string): string {
  const date = value instanceof Date ? value : new Date(typeof value === "number" || typeof value === "string" ? value : NaN);
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  const t: Record<string, () => string> = {
    YYYY: () => String(date.getUTCFullYear()), YY: () => pad(date.getUTCFullYear() % 100),
    MMMM: () => MONTHS[date.getUTCMonth()], MMM: () => MONTHS[date.getUTCMonth()].slice(0, 3),
    MM: () => pad(date.getUTCMonth() + 1), M: () => String(date.getUTCMonth() + 1),
    DD: () => pad(date.getUTCDate()), D: () => String(date.getUTCDate()),
    dddd: () => DAYS[date.getUTCDay()], ddd: () => DAYS[date.getUTCDay()].slice(0, 3),
    HH: () => pad(date.getUTCHours()), H: () => String(date.getUTCHours()),
    mm: () => pad(date.getUTCMinutes()), m: () => String(date.getUTCMinutes()),
    ss: () => pad(date.getUTCSeconds()), s: () => String(date.getUTCSeconds()), SSS: () => pad(date.getUTCMilliseconds(), 3),
  };
  // [text] is literal, as in dayjs
  return pattern.replace(/\[([^\]]*)]|YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|mm|m|ss|s|SSS/g, (token, literal: string | undefined) => literal ?? t[token]());
}

function dateFormat(...args: unknown[]): unknown {
  const [value] = paramsOf(args);
  const format = optionsOf(args).hash.format;
  return formatDate(value, typeof format === "string" ? format : "YYYY-MM-DD");
}

function formatNumber(...args: unknown[]): unknown {
  const [value, locale] = paramsOf(args);
  if (typeof value !== "number") return value;
  try {
    return value.toLocaleString(typeof locale === "string" ? locale : "en-US");
  } catch {
    return value.toLocaleString("en-US");
  }
}

function stringify(...args: unknown[]): unknown {
  const [value] = paramsOf(args);
  return value !== null && typeof value === "object" ? JSON.stringify(value) : String(value);
}

const compare = (test: (a: unknown, b: unknown) => boolean): Helper => (...args) => {
  const [a, b] = paramsOf(args);
  return test(a, b);
};
const gtOf = (a: unknown, b: unknown) => (a as number) > (b as number);
const ltOf = (a: unknown, b: unknown) => (a as number) < (b as number);

export const HELPERS: Record<string, Helper> = {
  dateFormat,
  formatNumber,
  stringify,
  eq: compare((a, b) => a === b),
  // just-handlebars-helpers' loose equality, by name
  eqw: compare((a, b) => a == b),
  ne: compare((a, b) => a !== b),
  gt: compare(gtOf),
  gte: compare((a, b) => gtOf(a, b) || a === b),
  lt: compare(ltOf),
  lte: compare((a, b) => ltOf(a, b) || a === b),
  and: (...args) => paramsOf(args).every(Boolean),
  or: (...args) => paramsOf(args).some(Boolean),
  not: (...args) => !paramsOf(args)[0],
  default: (...args) => {
    const [value, fallback] = paramsOf(args);
    return value === null || value === undefined || value === "" ? fallback : value;
  },
};
