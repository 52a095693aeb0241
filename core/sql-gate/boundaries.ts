// Where a token ends can depend on the server's settings (MySQL's sql_mode: NO_BACKSLASH_ESCAPES, ANSI_QUOTES;
// PostgreSQL's standard_conforming_strings) and on details the tokenizer reads more loosely than the engine
// (what whitespace starts a MySQL "-- " comment, what ends a line comment). The gate never knows the server's
// mode, so every token whose boundary could move is read under each possible reading; if the readings disagree
// the text is refused (SqlLexError: the gate fails closed). Otherwise text the gate reads as inside a string,
// a quoted name or a comment could be code to the server: `@'\' , LOAD_FILE(...) , @' -- x'` is one quoted
// variable with backslash escapes, and two variables around a LOAD_FILE call under NO_BACKSLASH_ESCAPES.
import type { SqlDialect } from "./dialect";

export class SqlLexError extends Error {}

/**
 * A line comment must end where the engine ends it. MySQL starts a comment at "--" only when a space or a
 * control character follows (ASCII only: "--\u00a0x" is minus, minus, and an identifier), and MySQL and SQLite
 * end it at "\n" alone, where the tokenizer also stops at a lone "\r" (PostgreSQL stops at both).
 */
export function checkLineComment(raw: string, dialect: SqlDialect, following: string) {
  if (raw.startsWith("--")) {
    if (dialect === "mysql" && raw.length > 2 && raw.charCodeAt(2) > 0x20) {
      throw new SqlLexError("Ambiguous '--': a comment needs a space after it");
    }
  } else if (!(raw.startsWith("#") && dialect === "mysql")) {
    // ClickHouse reads "#" as a comment only in some versions and only before a space or "!": refused there too
    // e.g. sql-formatter reads psql's "\restrict" meta-command as a comment; the server does not.
    throw new SqlLexError("Unsupported comment syntax");
  }
  if (dialect !== "postgresql" && following.startsWith("\r") && !following.startsWith("\r\n")) {
    throw new SqlLexError("A carriage return without a line feed makes the end of a comment ambiguous");
  }
}

export function checkBlockComment(raw: string, dialect: SqlDialect) {
  // An unterminated comment would swallow whatever SQL is appended after this text (clauses are spliced).
  if (raw.length < 4 || !raw.endsWith("*/")) throw new SqlLexError("Unterminated block comment");
  // MySQL and MariaDB execute the body of /*! ... */ and /*M! ... */ comments.
  if (dialect === "mysql" && /^\/\*(M?!)/.test(raw)) throw new SqlLexError("Executable comments are not allowed");
  // newer ClickHouse servers nest block comments, older ones do not: where the comment ends would depend on the server
  if (dialect === "clickhouse" && raw.slice(2, -2).includes("/*")) throw new SqlLexError("Nested block comments are not allowed");
}

/**
 * A plain quoted string must end at the same place whether or not the server treats backslash as an escape
 * (MySQL's NO_BACKSLASH_ESCAPES, PostgreSQL's standard_conforming_strings): otherwise text we read as inside the
 * string could be code to the server. MySQL's "..." is a string or, under ANSI_QUOTES, a name without escapes:
 * the reading without escapes covers both. PostgreSQL E'' strings and $$ strings have one reading; SQLite has
 * no backslash escapes at all.
 */
export function checkStringBoundaries(raw: string, dialect: SqlDialect) {
  if (dialect === "sqlite") return;
  const quoteAt = raw.search(/['"$]/);
  // ClickHouse's $$ heredocs exist only in newer servers: refused rather than read one way or the other
  if (dialect === "clickhouse" && raw[quoteAt] === "$") throw new SqlLexError("Dollar-quoted strings are not allowed");
  if (quoteAt < 0 || raw[quoteAt] === "$") return;
  if (dialect === "postgresql" && /^e$/i.test(raw.slice(0, quoteAt))) return;
  // ClickHouse always reads backslash escapes in strings, as the tokenizer does: one reading, which must agree
  if (dialect === "clickhouse") {
    const body = raw.slice(quoteAt);
    if (closingIndex(body, body[0], true) !== body.length - 1) throw new SqlLexError("The end of a string literal is ambiguous");
    return;
  }
  if (!sameEndEitherWay(raw.slice(quoteAt))) {
    throw new SqlLexError("A backslash makes the end of a string literal ambiguous; double the quote instead");
  }
}

/**
 * MySQL quoted names: user variables @'x', @"x", @`x` and `identifiers`. Whether a backslash escapes inside
 * them depends on the quote and the server's sql_mode, so each must end at the same place under both readings.
 */
export function checkQuotedName(raw: string, dialect: SqlDialect) {
  // ClickHouse reads backslash escapes in "names" and `names` alike; the tokenizer only in the former
  if (dialect !== "mysql" && dialect !== "clickhouse") return;
  const body = raw.startsWith("@") ? raw.slice(1) : raw;
  if (!/^['"`]/.test(body)) return;
  if (!sameEndEitherWay(body)) {
    throw new SqlLexError("A backslash makes the end of a quoted name ambiguous; remove it or double the quote");
  }
}

/** `body` starts with its quote; both readings (backslash escapes or not) must close it at its last character. */
function sameEndEitherWay(body: string): boolean {
  const last = body.length - 1;
  return closingIndex(body, body[0], false) === last && closingIndex(body, body[0], true) === last;
}

function closingIndex(body: string, quote: string, backslashEscapes: boolean): number {
  let i = 1;
  while (i < body.length) {
    const ch = body[i];
    if (backslashEscapes && ch === "\\") {
      i += 2;
    } else if (ch === quote) {
      if (body[i + 1] === quote) i += 2;
      else return i;
    } else {
      i += 1;
    }
  }
  return -1;
}
