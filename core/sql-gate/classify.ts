// Classifies ONE statement (its lexemes, comments already dropped) as a read or not. Reads are recognised by an
// allowlist of statement heads; inside a read-headed statement, the only ways to write are a data-modifying CTE
// or EXPLAIN body, SELECT ... INTO, locking reads, session assignments and state-changing functions, which are
// looked for everywhere. Everything else is refused: the gate fails closed.
import type { Lexeme, SqlDialect } from "./lexer";
import { STATE_CHANGING_FUNCTIONS } from "./functions";

export type Verdict = { read: true } | { read: false; unparsable: boolean; reason: string };

interface Item {
  kind: Lexeme["kind"];
  /** Upper-cased word for "word" items, raw text otherwise */
  text: string;
  /** True when this is the last word of its token and the next token is "(" */
  calls: boolean;
}

const READ_HEADS = new Set(["SELECT", "WITH", "VALUES"]);
/** Words that write wherever they appear (CTE bodies, EXPLAIN bodies, SELECT ... INTO). */
const WRITE_WORDS = new Set(["UPDATE", "DELETE", "MERGE", "UPSERT", "INTO"]);
/** Write statements in MySQL that are also string/number functions: INSERT(str, ...), REPLACE(...), TRUNCATE(x, d). */
const WRITE_OR_FUNCTION_WORDS = new Set(["INSERT", "REPLACE", "TRUNCATE"]);
/** Options that may stand between EXPLAIN and the explained statement, in any of the three dialects. */
const EXPLAIN_OPTION_WORDS = new Set([
  "ANALYZE", "ANALYSE", "VERBOSE", "QUERY", "PLAN", "EXTENDED", "PARTITIONS", "FORMAT", "JSON", "TREE",
  "TRADITIONAL", "TEXT", "XML", "YAML",
]);
/** SQLite pragmas that only read, and take at most a table or index name. */
const READ_PRAGMAS_WITH_NAME = new Set([
  "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
  "foreign_key_check", "integrity_check", "quick_check",
]);
const READ_PRAGMAS_NO_ARGUMENT = new Set([
  ...READ_PRAGMAS_WITH_NAME, "database_list", "collation_list", "function_list", "module_list", "pragma_list",
  "compile_options", "page_count", "freelist_count", "data_version", "user_version", "application_id",
  "schema_version", "encoding", "page_size",
]);

export function toItems(lexemes: Lexeme[]): Item[] {
  const items: Item[] = [];
  lexemes.forEach((lexeme, index) => {
    const next = lexemes[index + 1];
    const nextIsCall = next?.kind === "open" && next.raw === "(";
    if (lexeme.kind === "word") {
      lexeme.words.forEach((word, w) => {
        items.push({ kind: "word", text: word, calls: nextIsCall && w === lexeme.words.length - 1 });
      });
    } else {
      items.push({ kind: lexeme.kind, text: lexeme.raw, calls: nextIsCall });
    }
  });
  return items;
}

/** Called function names (lower-cased, last name part, quoted names unquoted). */
export function calledFunctions(lexemes: Lexeme[]): string[] {
  const names: string[] = [];
  lexemes.forEach((lexeme, index) => {
    const next = lexemes[index + 1];
    if (next?.kind !== "open" || next.raw !== "(") return;
    if (lexeme.kind === "word") names.push(lexeme.words[lexeme.words.length - 1].toLowerCase());
    else if (lexeme.kind === "quoted") names.push(lexeme.words[0]);
    // MySQL with sql_mode ANSI_QUOTES reads "name"(...) as a call, though we lex "name" as a string.
    else if (lexeme.kind === "string" && lexeme.raw.startsWith('"')) names.push(lexeme.raw.slice(1, -1).replaceAll('""', '"').toLowerCase());
  });
  return names;
}

export function parenthesesBalanced(lexemes: Lexeme[]): boolean {
  let depth = 0;
  for (const lexeme of lexemes) {
    if (lexeme.kind === "open") depth += 1;
    else if (lexeme.kind === "close" && --depth < 0) return false;
  }
  return depth === 0;
}

/** The first reason found why these items could write, or null. Used for statements and adhoc clauses alike. */
export function findWrite(items: Item[], dialect: SqlDialect, functionNames: string[]): string | null {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const next = items[i + 1];
    if (item.kind === "operator" && item.text === ":=" && dialect === "mysql") return "assigns a session variable";
    if (item.kind !== "word") continue;
    if (WRITE_WORDS.has(item.text)) return `contains ${item.text}`;
    if (WRITE_OR_FUNCTION_WORDS.has(item.text) && !item.calls) return `contains ${item.text}`;
    if (item.text === "FOR" && next?.kind === "word" && ["SHARE", "KEY", "NO"].includes(next.text)) return "locks rows";
    if (item.text === "LOCK" && next?.kind === "word" && next.text === "IN") return "locks rows";
  }
  const changing = functionNames.find((name) => STATE_CHANGING_FUNCTIONS.has(name));
  return changing ? `calls ${changing}()` : null;
}

export function classifyStatement(lexemes: Lexeme[], dialect: SqlDialect): Verdict {
  if (!parenthesesBalanced(lexemes)) return { read: false, unparsable: true, reason: "unbalanced parentheses" };
  const items = toItems(lexemes);
  const headError = checkHead(items, dialect);
  if (headError) return { read: false, unparsable: false, reason: headError };
  const write = findWrite(items, dialect, calledFunctions(lexemes));
  return write ? { read: false, unparsable: false, reason: write } : { read: true };
}

function checkHead(items: Item[], dialect: SqlDialect): string | null {
  let i = 0;
  while (items[i]?.kind === "open") i++;
  const head = items[i];
  if (!head || head.kind !== "word") return "does not start with a statement keyword";
  const word = head.text;
  if (READ_HEADS.has(word)) return null;
  if ((word === "TABLE" || word === "SHOW") && dialect !== "sqlite") return null;
  if (word === "EXPLAIN" || ((word === "DESCRIBE" || word === "DESC") && (dialect === "mysql" || dialect === "clickhouse"))) {
    return checkExplainBody(items, i + 1, dialect);
  }
  if (word === "PRAGMA" && dialect === "sqlite") return checkPragma(items.slice(i + 1));
  return `is a ${word} statement`;
}

function checkExplainBody(items: Item[], from: number, dialect: SqlDialect): string | null {
  let i = from;
  if (items[i]?.kind === "open") i = skipGroup(items, i);
  while (items[i] && ((items[i].kind === "word" && EXPLAIN_OPTION_WORDS.has(items[i].text)) || items[i].text === "=")) i++;
  const body = items[i];
  if (body?.kind === "open") return null;
  if (body?.kind === "word" && (READ_HEADS.has(body.text) || (body.text === "TABLE" && dialect !== "sqlite"))) return null;
  // MySQL's EXPLAIN/DESCRIBE <table> [column] describes a table.
  const rest = items.slice(from);
  if ((dialect === "mysql" || dialect === "clickhouse") && rest.length > 0 && rest.every((it) => it.kind === "word" || it.kind === "quoted" || it.kind === "dot")) {
    return null;
  }
  return "explains a statement that is not a read";
}

function skipGroup(items: Item[], openAt: number): number {
  let depth = 0;
  for (let i = openAt; i < items.length; i++) {
    if (items[i].kind === "open") depth++;
    else if (items[i].kind === "close" && --depth === 0) return i + 1;
  }
  return items.length;
}

/** PRAGMA [schema.]name [(table-or-index)] for read-only pragmas; "=" or a value would set it. */
function checkPragma(rest: Item[]): string | null {
  let i = 0;
  if (rest[i + 1]?.kind === "dot") i += 2;
  const name = rest[i];
  if (!name || (name.kind !== "word" && name.kind !== "quoted")) return "is an incomplete PRAGMA";
  const pragma = name.text.toLowerCase().replace(/^["`[]|["`\]]$/g, "");
  const args = rest.slice(i + 1);
  if (args.length === 0) return READ_PRAGMAS_NO_ARGUMENT.has(pragma) ? null : `sets or runs PRAGMA ${pragma}`;
  const isNameArgument =
    args.length === 3 && args[0].kind === "open" && args[2].kind === "close" &&
    ["word", "quoted", "string"].includes(args[1].kind);
  return isNameArgument && READ_PRAGMAS_WITH_NAME.has(pragma) ? null : `sets or runs PRAGMA ${pragma}`;
}
