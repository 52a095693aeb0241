// D1 compiles SQLite with SQLITE_MAX_COMPOUND_SELECT = 5: a chain `a UNION ALL b UNION ALL ... f` of more than
// five SELECTs fails with "too many terms in compound SELECT". The limit counts the terms of ONE chain, so a
// subquery in FROM starts a new count: a long chain is regrouped into nested chains of at most five terms.
// Decision record: docs/decisions/0016-d1-limits.md.
//
// - All UNION ALL, or all UNION: both are associative, so the tail of the chain moves into a subquery
//   (t1 .. t4 UNION ALL SELECT * FROM (t5 ... )). The first terms stay where they were, so the result's column
//   names (the first term's) and a trailing ORDER BY's reading of them are untouched.
// - Mixed operators: SQLite gives them equal precedence and evaluates left to right, so the head of the chain
//   moves into a subquery (SELECT * FROM (t1 ... t5) EXCEPT t6 ...), which is the same grouping SQLite applies.
// - A trailing ORDER BY / LIMIT belongs to the whole chain and stays outside every subquery.
// Comparisons (UNION, INTERSECT, EXCEPT, ORDER BY) use the collation of the leftmost term that has one, and a
// subquery only passes on its own leftmost term's: an explicit COLLATE in such a chain is refused rather than
// risk a different answer. A recursive CTE's body cannot move into a subquery, so it is refused too.
import { D1_MAX_COMPOUND_TERMS } from "../engines/d1/limits";
import { lexSql, SqlLexError, type Lexeme } from "./lexer";

export { D1_MAX_COMPOUND_TERMS };

export class CompoundLimitError extends Error {}

interface Insert {
  at: number;
  text: string;
}

const WRAP = "SELECT * FROM (";
const SET_OPERATORS = new Set(["UNION", "INTERSECT", "EXCEPT"]);

/**
 * Returns `sql` with every compound SELECT of more than `maxTerms` terms (at any depth) regrouped into nested
 * compounds of at most `maxTerms` terms with the same result. Text the lexer cannot read is returned as it is
 * (the database reports its own error). Throws CompoundLimitError for a chain that cannot be regrouped safely.
 */
export function regroupCompounds(sql: string, maxTerms = D1_MAX_COMPOUND_TERMS): string {
  if (maxTerms < 2) throw new RangeError("a compound needs at least two terms");
  let lexemes: Lexeme[];
  try {
    lexemes = lexSql(sql, "sqlite").lexemes;
  } catch (err) {
    if (err instanceof SqlLexError) return sql;
    throw err;
  }
  const recursive = lexemes.some((l) => l.kind === "word" && l.words.includes("RECURSIVE"));
  const inserts: Insert[] = [];
  const scope = (from: number, to: number, cteBody: boolean) => {
    const level: number[] = []; // indices of the lexemes at this depth
    for (let i = from; i < to; i++) {
      level.push(i);
      if (lexemes[i].kind !== "open") continue;
      const close = matchingClose(lexemes, i, to);
      if (close < 0) return; // unbalanced: left to the database
      const before = lexemes[i - 1];
      const asBody = before?.kind === "word" && (before.words.includes("AS") || before.words.includes("MATERIALIZED"));
      scope(i + 1, close, asBody);
      i = close - 1; // the close lexeme is pushed on the next turn
    }
    let statement: number[] = [];
    for (const i of [...level, -1]) {
      if (i >= 0 && lexemes[i].kind !== "delimiter") {
        statement.push(i);
        continue;
      }
      chain(statement, cteBody);
      statement = [];
    }
  };
  const chain = (level: number[], cteBody: boolean) => {
    const ops = level.filter((i) => isWord(lexemes[i]) && SET_OPERATORS.has(lexemes[i].words[0]));
    const n = ops.length + 1;
    if (n <= maxTerms) return;
    if (cteBody && recursive) {
      throw new CompoundLimitError(refusal(n, maxTerms, "it is the body of a recursive CTE, which cannot be split into subqueries"));
    }
    const kinds = ops.map((i) => opKind(lexemes, i));
    const afterLast = level.filter((i) => i > ops[ops.length - 1]);
    const tail = afterLast.find((i) => isWord(lexemes[i]) && (lexemes[i].words[0] === "ORDER" || lexemes[i].words[0] === "LIMIT"));
    const ordered = tail !== undefined && lexemes[tail].words[0] === "ORDER";
    const comparing = ordered || kinds.some((k) => k !== "UNION ALL");
    const first = level.find((i) => i < ops[0] && isWord(lexemes[i]) && (lexemes[i].words[0] === "SELECT" || lexemes[i].words[0] === "VALUES"));
    const lastOfChain = tail === undefined ? level[level.length - 1] : level[level.indexOf(tail) - 1];
    if (first === undefined || lastOfChain <= ops[ops.length - 1]) return; // not a well-formed chain: the database answers
    if (comparing && lexemes.slice(first, lastOfChain + 1).some((l) => isWord(l) && l.words[0] === "COLLATE")) {
      throw new CompoundLimitError(refusal(n, maxTerms, "its terms name a COLLATE, and regrouping could change which collation compares the rows"));
    }
    // first lexeme of term k (k >= 1), last lexeme of term k (k < n - 1)
    const termStart = (k: number) => lexemes[ops[k - 1] + (kinds[k - 1] === "UNION ALL" && lexemes[ops[k - 1]].words.length === 1 ? 2 : 1)];
    const termEnd = (k: number) => lexemes[ops[k] - 1];
    const closeAt = lexemes[lastOfChain].end;
    if (kinds.every((k) => k === kinds[0]) && (kinds[0] === "UNION ALL" || kinds[0] === "UNION")) {
      let head = 0;
      let depth = 0;
      while (n - head > maxTerms) {
        head += maxTerms - 1;
        inserts.push({ at: termStart(head).start, text: WRAP });
        depth++;
      }
      inserts.push({ at: closeAt, text: ")".repeat(depth) });
    } else {
      const closes: number[] = [];
      let last = maxTerms - 1;
      for (;;) {
        closes.push(termEnd(last).end);
        if (n - last <= maxTerms) break;
        last += maxTerms - 1;
      }
      inserts.push({ at: lexemes[first].start, text: WRAP.repeat(closes.length) });
      for (const at of closes) inserts.push({ at, text: ")" });
    }
  };
  scope(0, lexemes.length, false);
  if (!inserts.length) return sql;
  inserts.sort((a, b) => a.at - b.at);
  let out = "";
  let cursor = 0;
  for (const { at, text } of inserts) {
    out += sql.slice(cursor, at) + text;
    cursor = at;
  }
  return out + sql.slice(cursor);
}

function isWord(lexeme: Lexeme): boolean {
  return lexeme.kind === "word";
}

/** "UNION ALL" is one lexeme when the tokenizer reads it as a phrase, two when it does not. */
function opKind(lexemes: Lexeme[], i: number): "UNION ALL" | "UNION" | "INTERSECT" | "EXCEPT" {
  const words = lexemes[i].words;
  if (words[0] !== "UNION") return words[0] as "INTERSECT" | "EXCEPT";
  if (words[1] === "ALL") return "UNION ALL";
  const next = lexemes[i + 1];
  return next && isWord(next) && next.words.length === 1 && next.words[0] === "ALL" ? "UNION ALL" : "UNION";
}

function matchingClose(lexemes: Lexeme[], open: number, to: number): number {
  let depth = 0;
  for (let i = open; i < to; i++) {
    if (lexemes[i].kind === "open") depth++;
    else if (lexemes[i].kind === "close" && --depth === 0) return i;
  }
  return -1;
}

function refusal(terms: number, max: number, why: string): string {
  return `D1 allows at most ${max} terms in a compound SELECT (UNION, UNION ALL, INTERSECT, EXCEPT). This one has ${terms}, and ${why}. Split the query into smaller compounds, each in its own subquery.`;
}
