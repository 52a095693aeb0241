import { ENGINES } from "../engines/registry";
import { ApiError } from "../http/errors";

// POST /api/v1/database/<pk>/validate_sql/: which engines validate, which statements their EXPLAIN can check,
// and where in the script an engine's complaint points. The running itself is services/sqllab/validate-sql.ts.

/** One problem in Superset's shape; columns are 1-based and inclusive, lines count from the script's start. */
export interface SqlAnnotation {
  line_number: number;
  start_column: number;
  end_column: number;
  message: string;
}

/**
 * Engines with a validator (their spec's sqlLab.validator). Each of ours plans a statement without running it
 * (D1: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN inside a read-only transaction; MariaDB: EXPLAIN), so the
 * planner's parse and name resolution are the check. Any other engine answers Superset's 400.
 */
export function requireValidator(engine: string): void {
  if (!ENGINES.find(engine)?.sqlLab.validator) throw new ApiError(400, `no SQL validator is configured for ${engine}`, "GENERIC_BACKEND_ERROR");
}

// Statements EXPLAIN accepts on all three engines; others (SHOW, PRAGMA, SET …) passed the gate and are left alone.
const EXPLAINABLE = new Set(["select", "with", "insert", "update", "delete", "replace"]);

export function isExplainable(statement: string): boolean {
  const head = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*([A-Za-z]+)/.exec(statement);
  return head !== null && EXPLAINABLE.has(head[1].toLowerCase());
}

/** Where each statement starts in the script (statements are slices of it, in order). */
export function statementOffsets(script: string, statements: readonly string[]): number[] {
  let from = 0;
  return statements.map((s) => {
    const at = script.indexOf(s, from);
    from = at < 0 ? from : at + s.length;
    return Math.max(at, 0);
  });
}

/**
 * The engine's message placed in the script: on the text the engine quotes (PostgreSQL and SQLite say
 * `near "X"`, MariaDB `near 'X…' at line N`, and all of them quote a missing table or column), else on the
 * statement's first line.
 */
export function annotate(script: string, offset: number, statement: string, message: string): SqlAnnotation {
  const found = quotedSpan(statement, message);
  const start = offset + (found?.index ?? 0);
  const length = found ? Math.max(found.length, 1) : (statement.split("\n")[0] ?? "").length || 1;
  const before = script.slice(0, start).split("\n");
  const column = before[before.length - 1].length + 1;
  return { line_number: before.length, start_column: column, end_column: column + length - 1, message };
}

function quotedSpan(statement: string, message: string): { index: number; length: number } | null {
  const near = /near '((?:[^'\\]|''|\\.)*)'(?: at line (\d+))?/.exec(message);
  if (near) {
    // MariaDB quotes the rest of the statement from the fault: its first word is the offending token
    const token = near[1].replace(/''/g, "'").split(/\s+/)[0];
    const lineStart = near[2] ? nthLineStart(statement, Number(near[2])) : 0;
    const index = token ? indexOfWord(statement, token, lineStart) : -1;
    if (index >= 0) return { index, length: token.length };
  }
  // SQLite names a missing object unquoted at the end: "no such table: x", "no such column: t.x"
  for (const match of message.matchAll(/"([^"]+)"|'([^']+)'|`([^`]+)`|: ([\w.$]+)$/g)) {
    const text = match[1] ?? match[2] ?? match[3] ?? match[4];
    // MariaDB names a missing table as 'schema.table'; the statement may say just the table
    for (const candidate of [text, text.split(".").pop() ?? text]) {
      const index = indexOfWord(statement, candidate);
      if (index >= 0) return { index, length: candidate.length };
    }
  }
  return null;
}

/**
 * A refusal of the SQL gate as an annotation: at the position the gate reports (a parse error), on the first
 * denied function it names, or on the script's first line.
 */
export function gateAnnotation(script: string, error: ApiError): SqlAnnotation {
  const extra = error.extra ?? {};
  if (typeof extra.line === "number" && typeof extra.column === "number") {
    const width = typeof extra.highlight === "string" ? Math.max(extra.highlight.length, 1) : 1;
    return { line_number: extra.line, start_column: extra.column, end_column: extra.column + width - 1, message: error.message };
  }
  const denied = Array.isArray(extra.disallowed_functions) ? (extra.disallowed_functions as string[]) : [];
  for (const name of denied) {
    const index = indexOfWord(script, name);
    if (index >= 0) return annotate(script, index, script.slice(index, index + name.length), error.message);
  }
  return annotate(script, 0, script.trimEnd(), error.message);
}

function nthLineStart(text: string, line: number): number {
  let at = 0;
  for (let i = 1; i < line; i++) {
    const next = text.indexOf("\n", at);
    if (next < 0) return at;
    at = next + 1;
  }
  return at;
}

/** The first place `word` stands as a whole word (not inside a longer name), ignoring case; -1 when nowhere. */
function indexOfWord(haystack: string, word: string, from = 0): number {
  if (!word) return -1;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const edge = (ch: string) => (/\w/.test(ch) ? ["(?<![\\w$])", "(?![\\w$])"] : ["", ""]);
  const pattern = new RegExp(`${edge(word[0])[0]}${escaped}${edge(word[word.length - 1])[1]}`, "i");
  const found = pattern.exec(haystack.slice(from));
  return found ? from + found.index : -1;
}
