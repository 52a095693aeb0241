// Adhoc SQL clauses (custom SQL metrics, columns and filters in Explore, extra WHERE/HAVING) are spliced into
// generated queries, so each must be ONE well-formed expression that cannot close the surrounding parentheses,
// end the statement, comment out what follows, or hide a subquery. Messages follow Superset's sanitize_clause.
import { ApiError } from "../http/errors";
import { calledFunctions, findWrite, toItems } from "./classify";
import { DEFAULT_DENIED_FUNCTIONS, normaliseFunctionList } from "./functions";
import { lexSql, SqlLexError, type LexResult, type SqlDialect } from "./lexer";
import { findServerFileAccess, serverFilesError } from "./server-files";

export interface ClauseOptions {
  deniedFunctions?: readonly string[];
  /** Superset's ALLOW_ADHOC_SUBQUERY feature flag: off by default. Subqueries that write are refused either way. */
  allowSubqueries?: boolean;
}

const SUBQUERY_HEADS = new Set(["SELECT", "VALUES", "TABLE"]);

/**
 * Validates an adhoc clause and returns it wrapped in parentheses, ready to splice. A clause with a line comment
 * gets a newline before the closing parenthesis, so the comment cannot swallow it.
 */
export function validateAdhocClause(sql: string, dialect: SqlDialect, options: ClauseOptions = {}): string {
  const clause = sql.trim();
  if (!clause) throw clauseError("The SQL clause is empty.");
  let lexed: LexResult;
  try {
    lexed = lexSql(clause, dialect);
  } catch (err) {
    if (err instanceof SqlLexError) throw clauseError(`The SQL clause could not be parsed: ${err.message}`);
    throw err;
  }
  const { lexemes, hasLineComment } = lexed;
  if (lexemes.length === 0) throw clauseError("The SQL clause is empty.");
  if (lexemes.some((lexeme) => lexeme.kind === "delimiter")) throw clauseError("Clause contains multiple statements");
  let depth = 0;
  for (const lexeme of lexemes) {
    if (lexeme.kind === "open") depth++;
    else if (lexeme.kind === "close" && --depth < 0) throw clauseError("Closing unclosed parenthesis in filter clause");
  }
  if (depth > 0) throw clauseError("Unclosed parenthesis in filter clause");

  const functions = calledFunctions(lexemes);
  const denied = normaliseFunctionList(options.deniedFunctions ?? DEFAULT_DENIED_FUNCTIONS);
  const deniedHere = [...new Set(functions.filter((name) => denied.has(name)))];
  if (deniedHere.length > 0) {
    throw new ApiError(400, `SQL statement contains disallowed function(s): ${deniedHere.join(", ")}`, "SYNTAX_ERROR");
  }
  const items = toItems(lexemes);
  // A clause is always a read, whatever the database allows: charts and filters never write.
  const write = findWrite(items, dialect, functions);
  if (write) {
    throw new ApiError(400, "Only SELECT statements are allowed against this database.", "DML_NOT_ALLOWED_ERROR", {
      reason: `The clause ${write}.`,
    });
  }
  const serverFiles = findServerFileAccess(lexemes, dialect);
  if (serverFiles.length > 0) throw serverFilesError(serverFiles);
  if (!options.allowSubqueries && items.some((item) => item.kind === "word" && SUBQUERY_HEADS.has(item.text))) {
    throw new ApiError(400, "Custom SQL fields cannot contain sub-queries.", "ADHOC_SUBQUERY_NOT_ALLOWED_ERROR");
  }
  return wrapClause(clause, hasLineComment);
}

export function wrapClause(clause: string, hasLineComment: boolean): string {
  return hasLineComment ? `(${clause}\n)` : `(${clause})`;
}

function clauseError(message: string): ApiError {
  return new ApiError(400, message, "INVALID_SQL_ERROR");
}
