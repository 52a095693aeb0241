// Just enough lexing to find the top-level LIMIT of a statement and to strip its tail: strings, quoted
// identifiers, comments and parentheses are skipped so that a LIMIT inside a subquery, a literal or a comment
// is never mistaken for the statement's own. Classifying SQL (what writes, what reads) is the SQL gate's job.

export type SqlFlavour = "sqlite" | "postgresql" | "mysql";

export interface Token {
  /** upper-cased for words, the raw text otherwise */
  value: string;
  kind: "word" | "number" | "string" | "ident" | "punct" | "param";
  start: number;
  end: number;
  depth: number;
}

/** Top-level tokens with their parenthesis depth; comments and whitespace dropped. */
export function tokenize(sql: string, flavour: SqlFlavour): Token[] {
  const out: Token[] = [];
  let depth = 0;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const ch = sql[i];
    const next = sql[i + 1];
    if (/\s/.test(ch)) {
      i++;
    } else if ((ch === "-" && next === "-") || (ch === "#" && flavour === "mysql")) {
      const eol = sql.indexOf("\n", i);
      i = eol < 0 ? n : eol + 1;
    } else if (ch === "/" && next === "*") {
      const close = sql.indexOf("*/", i + 2);
      i = close < 0 ? n : close + 2;
    } else if (ch === "'" || ch === '"' || ch === "`") {
      const end = quotedEnd(sql, i, ch, flavour);
      out.push({ value: sql.slice(i, end), kind: ch === "'" ? "string" : "ident", start: i, end, depth });
      i = end;
    } else if (ch === "[" && flavour === "sqlite") {
      const close = sql.indexOf("]", i);
      const end = close < 0 ? n : close + 1;
      out.push({ value: sql.slice(i, end), kind: "ident", start: i, end, depth });
      i = end;
    } else if (ch === "$" && flavour === "postgresql" && /[A-Za-z_$]/.test(next ?? "")) {
      const tag = /^\$[A-Za-z_0-9]*\$/.exec(sql.slice(i));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        const end = close < 0 ? n : close + tag[0].length;
        out.push({ value: sql.slice(i, end), kind: "string", start: i, end, depth });
        i = end;
      } else {
        i++;
      }
    } else if (ch === "$" && /[0-9]/.test(next ?? "")) {
      const m = /^\$[0-9]+/.exec(sql.slice(i))!;
      out.push({ value: m[0], kind: "param", start: i, end: i + m[0].length, depth });
      i += m[0].length;
    } else if (/[0-9]/.test(ch) || (ch === "." && /[0-9]/.test(next ?? ""))) {
      const m = /^[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?|^[0-9]+\.?/.exec(sql.slice(i))!;
      out.push({ value: m[0], kind: "number", start: i, end: i + m[0].length, depth });
      i += m[0].length;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(ch)) {
      const m = /^[A-Za-z_0-9$\u0080-\uffff]+/.exec(sql.slice(i))!;
      out.push({ value: m[0].toUpperCase(), kind: "word", start: i, end: i + m[0].length, depth });
      i += m[0].length;
    } else {
      if (ch === ")") depth = Math.max(0, depth - 1);
      out.push({ value: ch, kind: "punct", start: i, end: i + 1, depth });
      if (ch === "(") depth++;
      i++;
    }
  }
  return out;
}

function quotedEnd(sql: string, start: number, quote: string, flavour: SqlFlavour): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    // MySQL also escapes with a backslash inside quoted strings.
    if (c === "\\" && flavour === "mysql" && quote !== "`") {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return sql.length;
}

/** The statement without trailing semicolons, whitespace and trailing comments. */
export function stripTrailing(sql: string, flavour: SqlFlavour): string {
  const tokens = tokenize(sql, flavour);
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last].kind === "punct" && tokens[last].value === ";") last--;
  return last < 0 ? "" : sql.slice(0, tokens[last].end);
}

/** The first keyword of the statement (after leading parentheses), e.g. SELECT, WITH, SHOW. */
export function leadingKeyword(sql: string, flavour: SqlFlavour): string | null {
  for (const t of tokenize(sql, flavour)) {
    if (t.kind === "punct" && t.value === "(") continue;
    return t.kind === "word" ? t.value : null;
  }
  return null;
}

export interface TopLevelLimit {
  /** the literal row count, or null when it is not a plain integer (LIMIT ALL, a parameter, an expression) */
  value: number | null;
  /** where the count sits in the text, for replacement */
  start: number;
  end: number;
}

/**
 * The statement's own top-level LIMIT (the last one at depth 0), understanding `LIMIT n`,
 * `LIMIT n OFFSET m` and MySQL's `LIMIT offset, n`. FETCH FIRST is reported as a non-literal limit.
 */
export function findTopLevelLimit(sql: string, flavour: SqlFlavour): TopLevelLimit | null {
  const tokens = tokenize(sql, flavour).filter((t) => t.depth === 0);
  for (let k = tokens.length - 1; k >= 0; k--) {
    const t = tokens[k];
    if (t.kind === "word" && t.value === "FETCH") return { value: null, start: t.start, end: t.end };
    if (t.kind !== "word" || t.value !== "LIMIT") continue;
    const a = tokens[k + 1];
    if (!a) return { value: null, start: t.start, end: t.end };
    const comma = tokens[k + 2];
    if (flavour !== "postgresql" && comma?.kind === "punct" && comma.value === ",") {
      const b = tokens[k + 3];
      if (b?.kind === "number" && /^\d+$/.test(b.value)) return { value: Number(b.value), start: b.start, end: b.end };
      return { value: null, start: t.start, end: t.end };
    }
    if (a.kind === "number" && /^\d+$/.test(a.value)) return { value: Number(a.value), start: a.start, end: a.end };
    return { value: null, start: a.start, end: a.end };
  }
  return null;
}
