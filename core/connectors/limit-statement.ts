import { badRequest } from "../http/errors";
import { SqlLexError, type SqlDialect } from "../sql-gate/lexer";
import { statementShape, type StatementShape } from "../sql-gate/top-level-limit";

// Limits are applied at the database (docs/decisions/0003-connectors.md): a connector asks for limit + 1 rows
// this way and cuts the extra one to detect truncation. Apart from the dialects so that the engines' specs
// (which the browser's connection form reads) do not carry the gate's lexer.

const QUERY_KEYWORDS = new Set(["SELECT", "WITH", "VALUES", "TABLE"]);

/**
 * The statement limited to `limit` rows: a literal top-level LIMIT becomes the smaller of the two, a statement
 * without one gets one appended, and anything else is wrapped as a subquery. Statements that are not queries
 * (SHOW, PRAGMA, EXPLAIN…) come back unchanged. Every engine's LIMIT syntax is `LIMIT n` at the end. The statement is
 * read with the SQL gate's lexer; text that lexer refuses (the gate has refused it before it got here) is
 * wrapped whole, so a limit is never dropped and the database answers with its own error.
 */
export function wrapWithLimit(sql: string, limit: number, dialect: SqlDialect): string {
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
