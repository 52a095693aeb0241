import { badRequest } from "../../http/errors";
import { GenericType } from "../types";
import { isTimeGrain, type TimeGrain } from "./types";

export function selectStarSql(
  quote: (name: string) => string,
  qualified: string,
  columns: string[],
  limit: number,
): string {
  // Superset lists the columns one per line when it knows them, and falls back to `*`.
  const cols = columns.length ? columns.map((c) => quote(c)).join(",\n       ") : "*";
  return `SELECT ${cols}\nFROM ${qualified}\nLIMIT ${limit}`;
}

export function requireGrain(grain: string): TimeGrain {
  if (!isTimeGrain(grain)) throw badRequest(`Unknown time grain: ${grain}`);
  return grain;
}

/** Quoting by doubling the quote character, the one escape every engine accepts. */
export const quoteWith = (q: string) => (name: string) => `${q}${name.split(q).join(q + q)}${q}`;

/**
 * Superset's GenericDataType from a native type name. Order matters: BOOLEAN before INT (MySQL's
 * TINYINT(1) is how it spells boolean), temporal before string (TIMESTAMP WITH TIME ZONE), INTERVAL is a string.
 */
export function genericTypeOf(nativeType: string | null | undefined): GenericType {
  const t = (nativeType ?? "").trim().toUpperCase();
  if (!t) return GenericType.STRING;
  if (/^(BOOL|BOOLEAN|TINYINT\(1\)|BIT\(1\)|BIT)$/.test(t)) return GenericType.BOOLEAN;
  if (/^(DATE|DATETIME|TIMESTAMP|TIMESTAMPTZ|TIME|TIMETZ|YEAR)\b/.test(t) || t.startsWith("TIMESTAMP") || t.startsWith("DATETIME"))
    return GenericType.TEMPORAL;
  if (
    /^(TINYINT|SMALLINT|MEDIUMINT|INT|INTEGER|BIGINT|INT2|INT4|INT8|SERIAL|BIGSERIAL|SMALLSERIAL|DECIMAL|NUMERIC|NUMBER|REAL|FLOAT|FLOAT4|FLOAT8|DOUBLE|MONEY|OID)\b/.test(
      t,
    )
  )
    return GenericType.NUMERIC;
  return GenericType.STRING;
}
