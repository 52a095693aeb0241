import { badRequest } from "../../http/errors";
import { GenericType } from "../types";
import { SqlLexError, type SqlDialect } from "../../sql-gate/lexer";
import { statementShape, type StatementShape } from "../../sql-gate/top-level-limit";
import { isTimeGrain, type TimeGrain } from "./types";

const QUERY_KEYWORDS = new Set(["SELECT", "WITH", "VALUES", "TABLE"]);

/**
 * Shared limit logic; every dialect's LIMIT syntax is `LIMIT n` at the end of the statement. The statement is
 * read with the SQL gate's lexer; text that lexer refuses (the gate has refused it before it got here) is
 * wrapped whole, so a limit is never dropped and the database answers with its own error.
 */
export function limitSql(sql: string, limit: number, dialect: SqlDialect): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw badRequest("The row limit must be a non-negative integer");
  let shape: StatementShape;
  try {
    shape = statementShape(sql, dialect);
  } catch (err) {
    if (err instanceof SqlLexError) return `SELECT * FROM (\n${sql}\n) AS inner_qry\nLIMIT ${limit}`;
    throw err;
  }
  const { body, leadingKeyword, limit: own } = shape;
  if (!leadingKeyword || !QUERY_KEYWORDS.has(leadingKeyword)) return sql;
  if (!own) return `${body}\nLIMIT ${limit}`;
  if (own.value === null) return `SELECT * FROM (\n${body}\n) AS inner_qry\nLIMIT ${limit}`;
  if (own.value <= limit) return body;
  return `${body.slice(0, own.start)}${limit}${body.slice(own.end)}`;
}

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
