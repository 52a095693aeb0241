// A statement's own top-level LIMIT and its end, read from the gate's lexemes: the rewrite of a LIMIT sees
// strings, quoted names, dollar quotes and comments exactly as the gate (and so the engine) does, instead of
// a second lexer that could disagree with it. A LIMIT inside a subquery, a literal or a comment is never
// mistaken for the statement's own.
import { lexSql, type Lexeme, type SqlDialect } from "./lexer";

export interface TopLevelLimit {
  /** the literal row count, or null when it is not a plain integer (LIMIT ALL, a parameter, an expression) */
  value: number | null;
  /** where the count sits in the text, for replacement */
  start: number;
  end: number;
}

export interface StatementShape {
  /** the statement without trailing semicolons, whitespace and trailing comments */
  body: string;
  /** the first keyword after leading parentheses (SELECT, WITH, SHOW…), or null */
  leadingKeyword: string | null;
  /** the statement's own LIMIT (or FETCH, reported as a non-literal limit), or null */
  limit: TopLevelLimit | null;
}

/** Reads a statement's shape; throws SqlLexError for text the gate's lexer refuses. */
export function statementShape(sql: string, dialect: SqlDialect): StatementShape {
  const lexemes = lexSql(sql, dialect).lexemes;
  let last = lexemes.length - 1;
  while (last >= 0 && lexemes[last].kind === "delimiter") last--;
  const body = last < 0 ? "" : sql.slice(0, lexemes[last].end);
  const kept = lexemes.slice(0, last + 1);
  return { body, leadingKeyword: leadingKeyword(kept), limit: topLevelLimit(kept, dialect) };
}

const word = (l: Lexeme | undefined): string | null => (l?.kind === "word" ? l.words[0] : null);

function leadingKeyword(lexemes: Lexeme[]): string | null {
  for (const l of lexemes) {
    if (l.kind === "open" && l.raw === "(") continue;
    return word(l);
  }
  return null;
}

function atDepthZero(lexemes: Lexeme[]): Lexeme[] {
  const out: Lexeme[] = [];
  let depth = 0;
  for (const l of lexemes) {
    if (l.kind === "close") depth = Math.max(0, depth - 1);
    if (depth === 0) out.push(l);
    if (l.kind === "open") depth++;
  }
  return out;
}

const literalCount = (l: Lexeme | undefined) => (l?.kind === "number" && /^\d+$/.test(l.raw) ? Number(l.raw) : null);

/** The last LIMIT at depth 0, understanding `LIMIT n`, `LIMIT n OFFSET m` and (not PostgreSQL) `LIMIT offset, n`. */
function topLevelLimit(lexemes: Lexeme[], dialect: SqlDialect): TopLevelLimit | null {
  const top = atDepthZero(lexemes);
  for (let k = top.length - 1; k >= 0; k--) {
    const t = top[k];
    const w = word(t);
    if (w === "FETCH") return { value: null, start: t.start, end: t.end };
    if (w !== "LIMIT") continue;
    // ClickHouse's LIMIT n [OFFSET m] BY cols keeps n rows per group: it is not the statement's row limit
    if (dialect === "clickhouse" && (word(top[k + 2]) === "BY" || word(top[k + 4]) === "BY")) continue;
    const a = top[k + 1];
    if (!a) return { value: null, start: t.start, end: t.end };
    if (dialect !== "postgresql" && top[k + 2]?.kind === "comma") {
      const b = top[k + 3];
      const count = literalCount(b);
      return count === null ? { value: null, start: t.start, end: t.end } : { value: count, start: b.start, end: b.end };
    }
    return { value: literalCount(a), start: a.start, end: a.end };
  }
  return null;
}
