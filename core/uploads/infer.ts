import type { ColumnKind, ReadOptions } from "./options";
import { UploadParseError } from "./errors";

// The first rows of a file (all of most files) choose each column's kind (integer, real, boolean, date, datetime,
// else text), and the columns whose kind was given (column_dates, column_data_types) are checked so that a value
// that does not fit fails with its line. Every row is then converted with the chosen kinds; a later value that
// does not fit is a bad row too (strictConverter).

export type Cell = number | boolean | string | null;

const INTEGER = /^[+-]?\d+$/;
const REAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const TRUE = new Set(["True", "TRUE", "true"]);
const FALSE = new Set(["False", "FALSE", "false"]);
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const SLASHED = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
/** A year alone, or a year and month (either order), as pandas' parse_dates reads them: the first day. */
const YEAR_MONTH = /^(\d{4})(?:[/-](\d{1,2}))?$/;
const MONTH_YEAR = /^(\d{1,2})[/-](\d{4})$/;
/** pandas' missing date, which to_datetime reads as such even though it is not one of the na_values. */
const NOT_A_TIME = "NaT";

const AUTO_ORDER: ColumnKind[] = ["integer", "real", "boolean", "date", "datetime"];

export interface Inference {
  observe(values: (string | null)[], line: number): void;
  kinds(): ColumnKind[];
}

export function createInference(names: string[], opts: ReadOptions): Inference {
  const forced: (ColumnKind | null)[] = names.map((n) => (Object.hasOwn(opts.column_data_types, n) ? opts.column_data_types[n] : null) ?? (opts.column_dates.includes(n) ? "datetime" : null));
  const possible = names.map(() => new Set(AUTO_ORDER));
  const anyValue = names.map(() => false);
  return {
    observe(values, line) {
      values.forEach((v, i) => {
        if (v === null) return;
        anyValue[i] = true;
        const kind = forced[i];
        if (kind) {
          if (convert(v, kind, opts) === undefined) {
            throw new UploadParseError(`line ${line}: could not convert "${v}" in column "${names[i]}" to ${kind}`, line);
          }
          return;
        }
        const set = possible[i];
        for (const k of set) if (!fits(v, k, opts)) set.delete(k);
      });
    },
    kinds() {
      return names.map((_, i) => forced[i] ?? (anyValue[i] ? (AUTO_ORDER.find((k) => possible[i].has(k)) ?? "text") : "text"));
    },
  };
}

/**
 * Once the types are chosen: a row's values converted, a value that does not fit its column's type being a bad
 * row (with its line). A type given in column_dates or column_data_types converts as the first pass checks it;
 * a type chosen from the first rows must fit as it did there.
 */
export function strictConverter(names: string[], kinds: ColumnKind[], opts: ReadOptions) {
  const given = names.map((n) => Object.hasOwn(opts.column_data_types, n) || opts.column_dates.includes(n));
  return (values: (string | null)[], line: number): Cell[] =>
    values.map((v, i) => {
      if (v === null) return null;
      const kind = kinds[i];
      if (kind === "text") return v;
      // converted once (a date's parsing is most of a row's cost), then held to the shape the first rows had
      let out = convert(v, kind, opts);
      if (!given[i] && !looksLike(v, kind)) out = undefined;
      if (out === undefined) {
        const hint = given[i] ? "" : " (the type its first rows have: give another in column_data_types)";
        throw new UploadParseError(`line ${line}: could not convert "${v}" in column "${names[i]}" to ${kind}${hint}`, line);
      }
      return out;
    });
}

function fits(v: string, kind: ColumnKind, opts: ReadOptions): boolean {
  return looksLike(v, kind) && convert(v, kind, opts) !== undefined;
}

/** An inferred date or datetime is ISO-written (a date with no time part); other kinds are whatever converts. */
function looksLike(v: string, kind: ColumnKind): boolean {
  if (kind === "date") return ISO.test(v) && !/[ T]/.test(v.trim());
  if (kind === "datetime") return ISO.test(v);
  return true;
}

/** The value as the kind writes it, or undefined when it does not fit. */
export function convert(v: string, kind: ColumnKind, opts: Pick<ReadOptions, "decimal_character" | "day_first">): Cell | undefined {
  const t = v.trim();
  switch (kind) {
    case "text":
      return v;
    case "integer": {
      if (!INTEGER.test(t)) return undefined;
      const n = Number(t);
      return Number.isSafeInteger(n) ? n : undefined;
    }
    case "real": {
      const s = opts.decimal_character === "." ? t : t.replace(opts.decimal_character, ".");
      if (!REAL.test(s) || (opts.decimal_character !== "." && t.includes("."))) return undefined;
      const n = Number(s);
      return Number.isFinite(n) ? n : undefined;
    }
    case "boolean":
      return TRUE.has(t) ? true : FALSE.has(t) ? false : undefined;
    case "date":
    case "datetime": {
      if (t === NOT_A_TIME) return null;
      const d = parseDate(t, opts.day_first);
      if (!d) return undefined;
      return kind === "date" ? d.slice(0, 10) : d;
    }
  }
}

/** 'YYYY-MM-DD HH:MM:SS' (UTC when the text carries an offset), or null. */
export function parseDate(t: string, dayFirst: boolean): string | null {
  let y: number, mo: number, d: number, h = 0, mi = 0, s = 0;
  let offset: string | undefined;
  let m = ISO.exec(t);
  if (m) {
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
    offset = m[8];
  } else if ((m = SLASHED.exec(t))) {
    const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (m[1].length === 4) [y, mo, d] = [a, b, c];
    else if (m[3].length === 4) [y, mo, d] = dayFirst ? [c, b, a] : [c, a, b];
    else return null;
    [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  } else if ((m = YEAR_MONTH.exec(t))) {
    [y, mo, d] = [Number(m[1]), Number(m[2] ?? 1), 1];
  } else if ((m = MONTH_YEAR.exec(t))) {
    [y, mo, d] = [Number(m[2]), Number(m[1]), 1];
  } else return null;
  if (!offset || offset === "Z") {
    // no offset to apply: checked and written without a Date (the same answers as the path below, at a fraction
    // of its cost; Date.UTC reads years 0-99 as 1900-1999, which that path refuses, so this one does too)
    if (y < 100 || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 59) return null;
    return `${String(y).padStart(4, "0")}-${two(mo)}-${two(d)} ${two(h)}:${two(mi)}:${two(s)}`;
  }
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  const sign = offset[0] === "-" ? -1 : 1;
  const [oh, om] = [Number(offset.slice(1, 3)), Number(offset.slice(-2))];
  date.setUTCMinutes(date.getUTCMinutes() - sign * (oh * 60 + om));
  return date.toISOString().slice(0, 19).replace("T", " ");
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (y: number, month: number) => (month === 2 && ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0) ? 29 : DAYS[month - 1]);
