// SQL text for template values, per dialect and per lexical context. A value never becomes SQL code: in code it
// is a literal (string, number, list of literals, NULL), inside a string literal it is escaped for that string,
// inside a quoted identifier or a comment it cannot close it.
import { ApiError } from "../http/errors";
import type { SqlDialect } from "../sql-gate/lexer";

export type OutputMode = "value" | "where_in" | "identifier";

export function templateValueError(message: string): ApiError {
  return new ApiError(400, message, "INVALID_TEMPLATE_PARAMS_ERROR");
}

/** A value where SQL code is expected. */
export function codeText(value: unknown, mode: OutputMode, dialect: SqlDialect): string {
  if (mode === "identifier") return quoteIdentifier(value, dialect);
  if (mode === "where_in") {
    const items = Array.isArray(value) ? value : [value];
    return `(${items.length ? items.map((item) => scalarLiteral(item, dialect)).join(", ") : "NULL"})`;
  }
  if (Array.isArray(value)) return value.length ? value.map((item) => scalarLiteral(item, dialect)).join(", ") : "NULL";
  return scalarLiteral(value, dialect);
}

function scalarLiteral(value: unknown, dialect: SqlDialect): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return dialect === "sqlite" ? (value ? "1" : "0") : value ? "TRUE" : "FALSE";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw templateValueError(`The template value ${value} is not a finite number.`);
    // Parenthesised when negative: "a -{{ n }}" must not become the comment "a --5".
    return value < 0 || Object.is(value, -0) ? `(${value})` : String(value);
  }
  if (typeof value === "string") return stringLiteral(value, dialect);
  if (Array.isArray(value)) throw templateValueError("A template value list cannot contain lists.");
  return stringLiteral(JSON.stringify(value), dialect);
}

export function stringLiteral(text: string, dialect: SqlDialect): string {
  rejectNul(text);
  const doubled = text.replaceAll("'", "''");
  // MySQL and ClickHouse read backslash escapes in strings
  if (dialect === "mysql" || dialect === "clickhouse") return `'${doubled.replaceAll("\\", "\\\\")}'`;
  // PostgreSQL: an E'' string reads backslashes the same whatever standard_conforming_strings says.
  if (dialect === "postgresql" && text.includes("\\")) return `E'${doubled.replaceAll("\\", "\\\\")}'`;
  return `'${doubled}'`;
}

function quoteIdentifier(value: unknown, dialect: SqlDialect): string {
  if (typeof value !== "string" || value === "") throw templateValueError("The identifier filter needs a non-empty text value.");
  rejectNul(value);
  if (dialect === "clickhouse") return `\`${value.replaceAll("\\", "\\\\").replaceAll("`", "``")}\``;
  return dialect === "mysql" ? `\`${value.replaceAll("`", "``")}\`` : `"${value.replaceAll('"', '""')}"`;
}

/** The value as plain text, for places inside a literal, identifier or comment. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(plainText).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  const text = String(value);
  rejectNul(text);
  return text;
}

/** Escapes text placed inside the string literal token `raw` (its prefix and quote decide the rules). */
export function escapeInString(text: string, raw: string, dialect: SqlDialect): string {
  if (raw.startsWith("$")) {
    const tag = raw.slice(0, raw.indexOf("$", 1) + 1);
    if (text.includes(tag)) throw templateValueError(`A template value contains the string delimiter ${tag}.`);
    return text;
  }
  const quoteAt = raw.search(/['"]/);
  const quote = raw[quoteAt];
  const prefix = raw.slice(0, quoteAt);
  const doubled = text.replaceAll(quote, quote + quote);
  const backslashEscapes = dialect === "mysql" || dialect === "clickhouse" || (dialect === "postgresql" && /^e$/i.test(prefix));
  return backslashEscapes ? doubled.replaceAll("\\", "\\\\") : doubled;
}

export function escapeInIdentifier(text: string, raw: string): string {
  const open = raw.replace(/^U&/i, "")[0];
  if (open === "[") {
    if (text.includes("]")) throw templateValueError("A template value inside [ ] cannot contain ].");
    return text;
  }
  return text.replaceAll(open, open + open);
}

export function escapeInComment(text: string, line: boolean): string {
  return line ? text.replace(/[\r\n]+/g, " ") : text.replaceAll("*/", "* /").replaceAll("/*", "/ *");
}

function rejectNul(text: string) {
  if (text.includes("\u0000")) throw templateValueError("A template value cannot contain a NUL character.");
}
