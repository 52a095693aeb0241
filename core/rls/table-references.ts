import { lexSql, type Lexeme, type SqlDialect } from "../sql-gate/lexer";

// Row-level security on the tables a piece of SQL reads (Superset's RLSTransformer, used for RLS_IN_SQLLAB and
// for the tables a virtual dataset's SQL reads): every reference to a protected table after FROM or JOIN (comma
// lists, subqueries, CTE bodies) becomes `(SELECT * FROM <table> WHERE <predicate>)`, keeping the reference's
// alias or, when it has none, aliased by the table's own name so `t.col` still resolves. The references are found
// with the SQL gate's lexer, never by pattern over the text: strings, comments and quoted names are read as the
// engine reads them. A reference to a CTE that shares a protected table's name is filtered too (the filter then
// binds either way; a CTE lacking the predicate's columns fails at the engine, never returns unfiltered rows).

export interface TableRls {
  /** the table's schema as its dataset names it (null: any) */
  schema: string | null;
  table: string;
  /** the WHERE predicate the viewer's rules make on it, already through the SQL gate */
  predicate: string;
}

/** Functions whose arguments use FROM as a word (EXTRACT(YEAR FROM d)): what follows is not a table. */
const FROM_IN_ARGUMENTS = new Set(["EXTRACT", "SUBSTRING", "SUBSTR", "TRIM", "POSITION", "OVERLAY"]);
/** Words after a table name that begin the next clause, so are not its alias. */
const NOT_ALIAS = new Set([
  "WHERE", "ON", "USING", "GROUP", "ORDER", "HAVING", "LIMIT", "OFFSET", "FETCH", "UNION", "EXCEPT", "INTERSECT", "MINUS",
  "WINDOW", "FOR", "NATURAL", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "OUTER", "JOIN", "LATERAL", "TABLESAMPLE",
  "QUALIFY", "RETURNING", "SET", "VALUES", "WITH", "USE", "FORCE", "IGNORE", "PARTITION", "INDEXED", "NOT", "STRAIGHT_JOIN",
  "CONNECT", "START", "LOCK", "INTO", "PROCEDURE", "AS",
]);

const isName = (l: Lexeme | undefined) => l !== undefined && (l.kind === "quoted" || (l.kind === "word" && l.words.length === 1));
const lastWord = (l: Lexeme | undefined) => (l?.kind === "word" ? l.words[l.words.length - 1] : undefined);

function nameText(l: Lexeme): string {
  if (l.kind !== "quoted") return l.raw;
  const q = l.raw[0];
  const close = q === "[" ? "]" : q;
  return l.raw.slice(1, -1).split(close + close).join(close);
}

export interface TableReference {
  /** the dotted name's parts, unquoted: [table], [schema, table] or [catalog, schema, table] */
  parts: string[];
  /** where the text replaced by the filtered subquery starts, and where the table's own text (ONLY kept) starts */
  start: number;
  sourceStart: number;
  end: number;
  /** PostgreSQL/MySQL's `TABLE t` statement: replaced by a SELECT of the filtered subquery */
  statement: boolean;
  /** the reference's own alias lexeme text, if it has one */
  hasAlias: boolean;
  /** the last part as written (quotes kept): the alias given to a filtered reference without one */
  rawTable: string;
}

/** A table reference starting at `i` (its dotted name), or null when the name calls a table function. */
function readReference(lexemes: Lexeme[], i: number, at: { start: number; sourceStart: number; statement: boolean }): { ref: TableReference; next: number } | null {
  const parts = [nameText(lexemes[i])];
  let j = i + 1;
  while (lexemes[j]?.kind === "dot" && isName(lexemes[j + 1])) {
    parts.push(nameText(lexemes[j + 1]));
    j += 2;
  }
  if (lexemes[j]?.kind === "open" || lexemes[j]?.kind === "dot") return null; // a table function (or a name the lexer split oddly)
  const next = lexemes[j];
  const hasAlias = lastWord(next) === "AS" || next?.kind === "quoted" || (next?.kind === "word" && next.words.length === 1 && !NOT_ALIAS.has(next.words[0]));
  return { ref: { parts, ...at, end: lexemes[j - 1].end, hasAlias, rawTable: lexemes[j - 1].raw }, next: j };
}

/** Words that end a FROM list at their depth (a comma after them no longer separates tables). */
const ENDS_FROM = new Set(["WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "UNION", "EXCEPT", "INTERSECT", "MINUS", "WINDOW", "QUALIFY", "OFFSET", "FETCH", "RETURNING", "SELECT", "SET", "VALUES", "INTO"]);
/** Words that start a query where a table may stand: `FROM (SELECT …)` is a subquery, not a table named SELECT. */
const STARTS_QUERY = new Set(["SELECT", "WITH", "VALUES", "TABLE"]);

/** Where a `TABLE t` query may start (not CREATE/DROP/ALTER TABLE): a statement's, a subquery's or a set operand's start. */
const startsStatement = (before: Lexeme | undefined) =>
  !before || before.kind === "delimiter" || before.kind === "open" || ["UNION", "EXCEPT", "INTERSECT", "ALL", "DISTINCT"].includes(lastWord(before) ?? "");

interface Frame {
  /** inside a FROM list at this depth: a name after a comma is a table */
  inFrom: boolean;
  /** the function this parenthesis calls, if any */
  caller: string | undefined;
}

/**
 * Every table reference of the text, in order: the names that stand where a table stands — after FROM, JOIN, a
 * comma of a FROM list (after subqueries too), inside a parenthesised join, and PostgreSQL/MySQL's `TABLE t`.
 * A name followed by `(` is a table function, not a table.
 */
export function tableReferences(sql: string, dialect: SqlDialect): TableReference[] {
  const lexemes = lexSql(sql, dialect).lexemes;
  const refs: TableReference[] = [];
  const frames: Frame[] = [{ inFrom: false, caller: undefined }];
  let expectAt = -1; // the index where a table may stand
  let only: number | null = null; // where PostgreSQL's ONLY before it starts: kept inside the filtered subquery
  let statement: number | null = null; // where a `TABLE t` statement starts
  for (let i = 0; i < lexemes.length; i++) {
    const l = lexemes[i];
    const top = frames[frames.length - 1];
    if (i !== expectAt) only = statement = null;
    if (i === expectAt) {
      if (l.kind === "word" && l.words.length === 1 && (l.words[0] === "ONLY" || l.words[0] === "LATERAL")) {
        expectAt = i + 1; // PostgreSQL's FROM ONLY t, LATERAL (…)
        only = l.words[0] === "ONLY" ? l.start : null;
        continue;
      }
      if (l.kind === "open") {
        frames.push({ inFrom: true, caller: undefined }); // a subquery or a parenthesised join: `FROM (t)` is t
        expectAt = i + 1;
        continue;
      }
      if (isName(l) && !(l.kind === "word" && STARTS_QUERY.has(l.words[0]))) {
        const read = readReference(lexemes, i, { start: statement ?? only ?? l.start, sourceStart: only ?? l.start, statement: statement !== null });
        if (read) {
          refs.push(read.ref);
          i = read.next - 1;
          continue;
        }
      }
    }
    if (l.kind === "open") frames.push({ inFrom: false, caller: lexemes[i - 1]?.kind === "word" ? lastWord(lexemes[i - 1]) : undefined });
    else if (l.kind === "close") {
      if (frames.length > 1) frames.pop();
    } else if (l.kind === "delimiter") top.inFrom = false;
    else if (l.kind === "comma") {
      if (top.inFrom) expectAt = i + 1;
    } else if (l.kind === "word") {
      const last = l.words[l.words.length - 1];
      if (last === "FROM") {
        if (!FROM_IN_ARGUMENTS.has(top.caller ?? "")) {
          top.inFrom = true;
          expectAt = i + 1;
        }
      } else if (last === "JOIN" || last === "STRAIGHT_JOIN") {
        top.inFrom = true;
        expectAt = i + 1;
      } else if (last === "TABLE" && l.words.length === 1 && dialect !== "sqlite" && startsStatement(lexemes[i - 1])) {
        expectAt = i + 1; // PostgreSQL/MySQL `TABLE t`
        statement = l.start;
      }
      else if (ENDS_FROM.has(l.words[0])) top.inFrom = false;
    }
  }
  return refs;
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

/**
 * The predicates binding a reference: those of every protected table of that name whose schema matches. An
 * unqualified reference reads the query's schema (or the engine's default); a rule's table without a schema
 * matches any.
 */
function predicatesFor(ref: TableReference, tables: readonly TableRls[], defaultSchema: string | null): string[] {
  const table = ref.parts[ref.parts.length - 1];
  const schema = ref.parts.length > 1 ? ref.parts[ref.parts.length - 2] : defaultSchema;
  return tables.filter((t) => same(t.table, table) && (!t.schema || schema === null || same(t.schema, schema))).map((t) => t.predicate);
}

/**
 * The SQL with every reference to a protected table filtered by its predicate. Text the lexer cannot read is
 * refused (it would be refused by the gate after this anyway): never returned unfiltered.
 */
export function applyTableRls(sql: string, dialect: SqlDialect, tables: readonly TableRls[], defaultSchema: string | null): string {
  if (!tables.length) return sql;
  let out = "";
  let at = 0;
  for (const ref of tableReferences(sql, dialect)) {
    const predicates = [...new Set(predicatesFor(ref, tables, defaultSchema))];
    if (!predicates.length) continue;
    const where = predicates.length === 1 ? predicates[0] : predicates.map((p) => `(${p})`).join(" AND ");
    const source = sql.slice(ref.sourceStart, ref.end);
    const filtered = `(SELECT * FROM ${source} WHERE ${where})${ref.hasAlias && !ref.statement ? "" : ` AS ${ref.rawTable}`}`;
    out += `${sql.slice(at, ref.start)}${ref.statement ? `SELECT * FROM ${filtered}` : filtered}`;
    at = ref.end;
  }
  return out + sql.slice(at);
}
