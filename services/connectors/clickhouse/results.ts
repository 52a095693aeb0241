import type { ResultColumn } from "../../../core/connectors/types";
import { clickhouseGenericType, innerType } from "../../../core/engines/clickhouse/dialect";

// Results come as JSONCompact (rows as arrays) with 64-bit integers quoted: an integer that fits a double
// exactly becomes a number, a bigger one stays a string. Decimals arrive as bare JSON numbers; those with more
// than 15 digits are read from their source text (JSON.parse's reviver context), so none loses a digit.

export interface CompactAnswer {
  meta: { name: string; type: string }[];
  data: unknown[][];
  rows: number;
}

const WIDE_INTEGER = /^u?int(64|128|256)$/i;

/** Decimal(P, S) / Decimal128(S) … with P > 15: a double cannot hold every value. */
function isWideDecimal(type: string): boolean {
  const t = innerType(type);
  const p = /^Decimal\((\d+)/.exec(t);
  if (p) return Number(p[1]) > 15;
  return /^Decimal(64|128|256)\b/.test(t);
}

export function readAnswer(text: string): { columns: ResultColumn[]; rows: unknown[][] } {
  let answer = JSON.parse(text) as CompactAnswer;
  const wide = answer.meta.map((m) => isWideDecimal(m.type));
  if (wide.some(Boolean)) {
    // `this` is the row when the value is a cell: the cells of wide decimal columns keep their text
    answer = JSON.parse(text, function (this: unknown, key: string, value: unknown, context?: { source?: string }) {
      return typeof value === "number" && Array.isArray(this) && wide[Number(key)] && context?.source !== undefined ? context.source : value;
    }) as CompactAnswer;
  }
  const columns = answer.meta.map((m) => {
    const generic = clickhouseGenericType(m.type);
    return { name: m.name, type: m.type, type_generic: generic, is_dttm: generic === 2 };
  });
  const integers = answer.meta.flatMap((m, i) => (WIDE_INTEGER.test(innerType(m.type)) ? [i] : []));
  const decimals = wide.flatMap((w, i) => (w ? [i] : []));
  if (integers.length || decimals.length) {
    for (const row of answer.data) {
      for (const i of integers) row[i] = safeNumber(row[i]);
      for (const i of decimals) row[i] = safeNumber(row[i]);
    }
  }
  return { columns, rows: answer.data };
}

/** A number when the text is one a double holds exactly (and prints back the same); else the text. */
export function safeNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  if (/^-?\d+$/.test(value)) return Number.isSafeInteger(n) ? n : value;
  return String(n) === value.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "") ? n : value;
}
