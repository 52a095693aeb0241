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
  start: number;
  end: number;
  /** the reference's own alias lexeme text, if it has one */
  hasAlias: boolean;
  /** the last part as written (quotes kept): the alias given to a filtered reference without one */
  rawTable: string;
}

/** Every table reference of the text, in order (a name followed by `(` is a table function, not a table). */
export function tableReferences(sql: string, dialect: SqlDialect): TableReference[] {
  const lexemes = lexSql(sql, dialect).lexemes;
  const refs: TableReference[] = [];
  const callers: (string | undefined)[] = []; // for each open parenthesis: the function it calls, if any
  for (let i = 0; i < lexemes.length; i++) {
    const l = lexemes[i];
    if (l.kind === "open") callers.push(lexemes[i - 1]?.kind === "word" ? lastWord(lexemes[i - 1]) : undefined);
    if (l.kind === "close") callers.pop();
    const keyword = lastWord(l);
    const tableStatement = keyword === "TABLE" && l.words.length === 1 && dialect !== "sqlite"; // PostgreSQL/MySQL `TABLE t`
    if (keyword !== "FROM" && keyword !== "JOIN" && !tableStatement) continue;
    if (keyword === "FROM" && FROM_IN_ARGUMENTS.has(callers[callers.length - 1] ?? "")) continue;
    let j = i + 1;
    for (;;) {
      if (lastWord(lexemes[j]) === "ONLY" && isName(lexemes[j + 1])) j++; // PostgreSQL `FROM ONLY t`
      if (!isName(lexemes[j])) break;
      const first = j;
      const parts = [nameText(lexemes[j])];
      j++;
      while (lexemes[j]?.kind === "dot" && isName(lexemes[j + 1])) {
        parts.push(nameText(lexemes[j + 1]));
        j += 2;
      }
      if (lexemes[j]?.kind === "open") break; // a table function
      const next = lexemes[j];
      const hasAlias = lastWord(next) === "AS" || next?.kind === "quoted" || (next?.kind === "word" && next.words.length === 1 && !NOT_ALIAS.has(next.words[0]));
      refs.push({ parts, start: lexemes[first].start, end: lexemes[j - 1].end, hasAlias, rawTable: lexemes[j - 1].raw });
      if (lastWord(lexemes[j]) === "AS") j++;
      if (hasAlias && isName(lexemes[j])) j++;
      if (keyword !== "FROM" || lexemes[j]?.kind !== "comma") break;
      j++;
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
    const source = sql.slice(ref.start, ref.end);
    out += `${sql.slice(at, ref.start)}(SELECT * FROM ${source} WHERE ${where})${ref.hasAlias ? "" : ` AS ${ref.rawTable}`}`;
    at = ref.end;
  }
  return out + sql.slice(at);
}
