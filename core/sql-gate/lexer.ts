// Lexing for the SQL gate: sql-formatter's per-dialect tokenizer (strings, dollar quotes, E'' strings, nested
// comments, backticks, brackets) turned into a flat list of lexemes, plus the checks that close the places where
// that tokenizer and the real engine could read the same text differently (boundaries.ts: under any sql_mode).
// Anything doubtful throws SqlLexError, and the gate refuses it (fail closed). See docs/decisions/0001-sql-gate.md.
//
// sql-formatter's package "exports" only expose the formatter, so the Tokenizer is imported by file path. The
// version is covered by lexer.test.ts: an upgrade that changes the token shapes fails those tests, not production.
import Tokenizer from "../../node_modules/sql-formatter/dist/esm/lexer/Tokenizer.js";
import { clickhouse, mysql, postgresql, sqlite } from "sql-formatter";
import { SqlLexError, checkBlockComment, checkLineComment, checkQuotedName, checkStringBoundaries } from "./boundaries";

import type { SqlDialect } from "./dialect";
export type { SqlDialect };

export type LexemeKind =
  | "word" // keyword or bare identifier; `words` holds its upper-cased parts ("DELETE FROM" is one token)
  | "quoted" // quoted identifier: "x", `x`, [x]
  | "string"
  | "number"
  | "open" // ( or [
  | "close" // ) or ]
  | "delimiter" // ;
  | "comma"
  | "dot"
  | "operator"
  | "parameter" // $1, ?, :name
  | "variable"; // MySQL @x, @@x

export interface Lexeme {
  kind: LexemeKind;
  raw: string;
  /** Upper-cased words of a "word" lexeme; the unquoted name of a "quoted" one (lower-cased) */
  words: string[];
  start: number;
  end: number;
}

export interface LexResult {
  lexemes: Lexeme[];
  hasLineComment: boolean;
}

export { SqlLexError };

const DIALECT_OPTIONS = { postgresql, mysql, sqlite, clickhouse } as const;
const tokenizers = new Map<SqlDialect, Tokenizer>();

function tokenizerFor(dialect: SqlDialect): Tokenizer {
  let tokenizer = tokenizers.get(dialect);
  if (!tokenizer) {
    const options = DIALECT_OPTIONS[dialect];
    if (!options) throw new SqlLexError(`Unknown SQL dialect: ${String(dialect)}`);
    tokenizer = new Tokenizer(options.tokenizerOptions, options.name);
    tokenizers.set(dialect, tokenizer);
  }
  return tokenizer;
}

const WORD_TYPES = new Set([
  "IDENTIFIER", "RESERVED_DATA_TYPE", "RESERVED_PARAMETERIZED_DATA_TYPE", "RESERVED_KEYWORD", "RESERVED_FUNCTION_NAME",
  "RESERVED_KEYWORD_PHRASE", "RESERVED_DATA_TYPE_PHRASE", "RESERVED_SET_OPERATION", "RESERVED_CLAUSE",
  "RESERVED_SELECT", "RESERVED_JOIN", "ARRAY_IDENTIFIER", "ARRAY_KEYWORD", "CASE", "END", "WHEN", "ELSE", "THEN",
  "LIMIT", "BETWEEN", "AND", "OR", "XOR",
]);
const PARAMETER_TYPES = new Set([
  "NAMED_PARAMETER", "QUOTED_PARAMETER", "NUMBERED_PARAMETER", "POSITIONAL_PARAMETER", "CUSTOM_PARAMETER",
]);
const SIMPLE_KINDS: Record<string, LexemeKind> = {
  STRING: "string",
  NUMBER: "number",
  OPEN_PAREN: "open",
  CLOSE_PAREN: "close",
  DELIMITER: "delimiter",
  COMMA: "comma",
  PROPERTY_ACCESS_OPERATOR: "dot",
  OPERATOR: "operator",
  ASTERISK: "operator",
  VARIABLE: "variable",
};

/** Only ASCII whitespace may separate tokens: engines disagree about Unicode spaces (PostgreSQL reads them as identifier characters). */
const ASCII_GAP = /^[ \t\n\r\f\v]*$/;

/** sql-formatter's tokens as they are (comments included): the template renderer uses them to find the lexical context of a value. */
export interface RawToken {
  type: string;
  raw: string;
  start: number;
}

export function tokenizeSql(sql: string, dialect: SqlDialect): RawToken[] {
  try {
    return tokenizerFor(dialect).tokenize(sql, {});
  } catch (err) {
    if (err instanceof SqlLexError) throw err;
    throw new SqlLexError(firstLine(err));
  }
}

export function lexSql(sql: string, dialect: SqlDialect): LexResult {
  const tokens = tokenizeSql(sql, dialect);
  const lexemes: Lexeme[] = [];
  let hasLineComment = false;
  let cursor = 0;
  let previous: RawToken | undefined;
  for (const token of tokens) {
    const start = token.start;
    const end = start + token.raw.length;
    if (!ASCII_GAP.test(sql.slice(cursor, start))) throw new SqlLexError("Unexpected characters between tokens");
    // The tokenizer reads an unterminated "/*" as the operators / and *; the engine reads a comment to the end.
    if (previous?.type !== "BLOCK_COMMENT" && previous?.raw.endsWith("/") && token.raw.startsWith("*") && cursor === start) {
      throw new SqlLexError("Unterminated block comment");
    }
    previous = token;
    cursor = end;
    switch (token.type) {
      case "LINE_COMMENT":
        checkLineComment(token.raw, dialect, sql.slice(end, end + 2));
        hasLineComment = true;
        continue;
      case "BLOCK_COMMENT":
        checkBlockComment(token.raw, dialect);
        continue;
      case "DISABLE_COMMENT":
        // sql-formatter's "/* sql-formatter-disable */" swallows everything after it: the engine would not.
        throw new SqlLexError("Formatter directives are not allowed in SQL");
      case "QUOTED_IDENTIFIER":
        checkQuotedName(token.raw, dialect);
        lexemes.push({ kind: "quoted", raw: token.raw, words: [unquoteIdentifier(token.raw)], start, end });
        continue;
      case "VARIABLE":
        checkQuotedName(token.raw, dialect);
        lexemes.push({ kind: "variable", raw: token.raw, words: [], start, end });
        continue;
      case "STRING":
        checkStringBoundaries(token.raw, dialect);
        lexemes.push({ kind: "string", raw: token.raw, words: [], start, end });
        continue;
      default:
        break;
    }
    if (WORD_TYPES.has(token.type)) {
      lexemes.push({ kind: "word", raw: token.raw, words: token.raw.toUpperCase().split(/\s+/), start, end });
    } else if (PARAMETER_TYPES.has(token.type)) {
      lexemes.push({ kind: "parameter", raw: token.raw, words: [], start, end });
    } else if (SIMPLE_KINDS[token.type]) {
      lexemes.push({ kind: SIMPLE_KINDS[token.type], raw: token.raw, words: [], start, end });
    } else {
      throw new SqlLexError(`Unexpected token ${JSON.stringify(token.raw)}`);
    }
  }
  if (!ASCII_GAP.test(sql.slice(cursor))) throw new SqlLexError("Unexpected characters at the end of the SQL");
  return { lexemes: dialect === "postgresql" ? decodeUnicodeIdentifiers(lexemes) : refuseUnicodeIdentifiers(lexemes), hasLineComment };
}

/**
 * PostgreSQL's U&"..." identifiers spell characters as escapes (\005f is "_", \+00005f too, and UESCAPE '!' picks
 * another escape character), so U&"pg\005fread\005ffile" IS pg_read_file to the server. Names are compared after
 * decoding them exactly as PostgreSQL does; an escape PostgreSQL would reject is refused here too.
 */
function decodeUnicodeIdentifiers(lexemes: Lexeme[]): Lexeme[] {
  const out: Lexeme[] = [];
  for (let i = 0; i < lexemes.length; i++) {
    const lexeme = lexemes[i];
    if (lexeme.kind !== "quoted" || !/^U&/i.test(lexeme.raw)) {
      out.push(lexeme);
      continue;
    }
    let escape = "\\";
    const next = lexemes[i + 1];
    if (next?.kind === "word" && next.words.length === 1 && next.words[0] === "UESCAPE") {
      const chosen = lexemes[i + 2];
      const m = chosen?.kind === "string" ? /^'(.)'$/s.exec(chosen.raw) : null;
      if (!m || /[0-9a-fA-F+'"\s]/.test(m[1])) throw new SqlLexError("Invalid UESCAPE character");
      escape = m[1];
      i += 2;
    }
    const body = lexeme.raw.slice(3, -1).split('""').join('"');
    out.push({ ...lexeme, end: lexemes[i].end, words: [decodeUnicodeEscapes(body, escape).toLowerCase()] });
  }
  return out;
}

function decodeUnicodeEscapes(body: string, escape: string): string {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== escape) {
      out += body[i];
      continue;
    }
    if (body[i + 1] === escape) {
      out += escape;
      i += 1;
      continue;
    }
    const m = /^(?:([0-9a-fA-F]{4})|\+([0-9a-fA-F]{6}))/.exec(body.slice(i + 1));
    if (!m) throw new SqlLexError("Invalid Unicode escape in a U& identifier");
    const code = parseInt(m[1] ?? m[2], 16);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new SqlLexError("Invalid Unicode escape value in a U& identifier");
    out += String.fromCodePoint(code);
    i += m[0].length;
  }
  return out;
}

/** Only PostgreSQL has U& identifiers; elsewhere such text is not one name to the engine, so it is refused. */
function refuseUnicodeIdentifiers(lexemes: Lexeme[]): Lexeme[] {
  if (lexemes.some((l) => l.kind === "quoted" && /^U&/i.test(l.raw))) throw new SqlLexError("U& identifiers are PostgreSQL syntax");
  return lexemes;
}

function unquoteIdentifier(raw: string): string {
  const body = raw.replace(/^U&/i, "");
  const open = body[0];
  const close = open === "[" ? "]" : open;
  const inner = body.slice(1, -1);
  return (open === "[" ? inner : inner.split(close + close).join(close)).toLowerCase();
}

function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split("\n")[0];
}
