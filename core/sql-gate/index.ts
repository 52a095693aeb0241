// The SQL gate: every path that sends user SQL to a database (SQL Lab, virtual datasets, alerts) calls gateSql
// first. It splits the script into statements, refuses writes when the database does not allow DML, refuses
// denied functions always, and refuses whatever it cannot classify (fail closed).
// Decision record: docs/decisions/0001-sql-gate.md.
import { ApiError } from "../http/errors";
import { calledFunctions, classifyStatement } from "./classify";
import { DEFAULT_DENIED_FUNCTIONS, normaliseFunctionList } from "./functions";
import { lexSql, SqlLexError, type Lexeme, type SqlDialect } from "./lexer";
import { findServerFileAccess, serverFilesError } from "./server-files";
import { clickhouseRefusals } from "../engines/clickhouse/gate";

/** Each flavour's own refusals, on every database whether it allows DML or not (its engine folder's rules). */
const FLAVOUR_REFUSALS: Partial<Record<SqlDialect, (lexemes: Lexeme[]) => string[]>> = { clickhouse: clickhouseRefusals };

export { DEFAULT_DENIED_FUNCTIONS } from "./functions";
export type { SqlDialect } from "./lexer";

export interface GateOptions {
  dialect: SqlDialect;
  allowDml: boolean;
  /** Replaces DEFAULT_DENIED_FUNCTIONS (pass [] to deny nothing, or extend the default list). */
  deniedFunctions?: readonly string[];
}

// Superset's own messages (superset/sql_lab.py and SupersetDMLNotAllowedException).
export const DML_NOT_ALLOWED_MESSAGE = "Only SELECT statements are allowed against this database.";
export const UNPARSABLE_READ_ONLY_MESSAGE =
  "This database does not allow for DDL/DML, and the query could not be parsed to confirm it is a read-only query. Please contact your administrator for more assistance.";
const DML_ISSUE_CODES = [{ code: 1022, message: "Issue 1022 - Database does not allow data manipulation." }];

export function gateSql(sql: string, options: GateOptions): { statements: string[] } {
  const { dialect, allowDml } = options;
  const denied = normaliseFunctionList(options.deniedFunctions ?? DEFAULT_DENIED_FUNCTIONS);
  let lexemes: Lexeme[];
  try {
    lexemes = lexSql(sql, dialect).lexemes;
  } catch (err) {
    if (!(err instanceof SqlLexError)) throw err;
    throw allowDml ? invalidSql(`The SQL could not be parsed: ${err.message}`) : unparsableForReadOnly(err.message);
  }
  const groups = splitStatements(lexemes);
  if (groups === null) {
    const reason = "a ';' inside parentheses";
    throw allowDml ? invalidSql(`The SQL could not be parsed: ${reason}`) : unparsableForReadOnly(reason);
  }
  if (groups.length === 0) throw invalidSql("The SQL query is empty.");

  for (const group of groups) {
    const deniedHere = [...new Set(calledFunctions(group).filter((name) => denied.has(name)))];
    if (deniedHere.length > 0) {
      throw new ApiError(400, `SQL statement contains disallowed function(s): ${deniedHere.join(", ")}`, "SYNTAX_ERROR", {
        disallowed_functions: deniedHere,
      });
    }
    const refused = FLAVOUR_REFUSALS[dialect]?.(group) ?? [];
    if (refused.length > 0) {
      throw new ApiError(400, `SQL statement uses what this database does not allow here: ${refused.join(", ")}`, "SYNTAX_ERROR", {
        disallowed: refused,
      });
    }
    const verdict = allowDml ? null : classifyStatement(group, dialect);
    if (verdict && !verdict.read) {
      // a head no dialect starts a statement with (SELEC 1) is a typo: Superset's parser answers a syntax error
      const unknown = unknownHead(group);
      if (unknown) throw parseError(sql, unknown);
      throw verdict.unparsable
        ? unparsableForReadOnly(verdict.reason)
        : new ApiError(400, DML_NOT_ALLOWED_MESSAGE, "DML_NOT_ALLOWED_ERROR", {
            reason: `The statement ${verdict.reason}.`,
            issue_codes: DML_ISSUE_CODES,
          });
    }
    // After the DML check, so a read-only database still answers a write (INTO OUTFILE) with Superset's DML error.
    const serverFiles = findServerFileAccess(group, dialect);
    if (serverFiles.length > 0) throw serverFilesError(serverFiles);
  }
  return { statements: groups.map((group) => sql.slice(group[0].start, group[group.length - 1].end)) };
}

/** Statements split on top-level ';' (empty ones dropped); null when a ';' sits inside parentheses. */
function splitStatements(lexemes: Lexeme[]): Lexeme[][] | null {
  const groups: Lexeme[][] = [];
  let current: Lexeme[] = [];
  let depth = 0;
  for (const lexeme of lexemes) {
    if (lexeme.kind === "open") depth++;
    else if (lexeme.kind === "close") depth--;
    if (lexeme.kind !== "delimiter") {
      current.push(lexeme);
      continue;
    }
    if (depth !== 0) return null;
    if (current.length > 0) groups.push(current);
    current = [];
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function unparsableForReadOnly(reason: string): ApiError {
  return new ApiError(400, UNPARSABLE_READ_ONLY_MESSAGE, "DML_NOT_ALLOWED_ERROR", {
    reason,
    issue_codes: DML_ISSUE_CODES,
  });
}

/**
 * Words that start a statement in one of the dialects (reads and writes alike). Only what is outside this list is
 * reported as a syntax error; anything in it that does not read keeps the DML refusal.
 */
const STATEMENT_HEADS = new Set(
  ("SELECT WITH VALUES TABLE SHOW EXPLAIN DESCRIBE DESC PRAGMA INSERT UPDATE DELETE MERGE UPSERT REPLACE CREATE DROP ALTER " +
    "TRUNCATE RENAME COMMENT GRANT REVOKE SET RESET USE BEGIN START COMMIT ROLLBACK END ABORT SAVEPOINT RELEASE CALL EXEC " +
    "EXECUTE PREPARE DEALLOCATE DECLARE FETCH MOVE CLOSE OPEN DO COPY LOAD IMPORT EXPORT VACUUM ANALYZE ANALYSE OPTIMIZE REPAIR " +
    "CHECK CHECKSUM CHECKPOINT CLUSTER REINDEX REFRESH LOCK UNLOCK LISTEN UNLISTEN NOTIFY DISCARD ATTACH DETACH HANDLER FLUSH " +
    "KILL EXCHANGE EXISTS SYSTEM UNDROP PURGE XA SECURITY REASSIGN INSTALL UNINSTALL BACKUP RESTORE SHUTDOWN SIGNAL RESIGNAL GET CACHE HELP BINLOG CHANGE").split(" "),
);

/** The statement's first word when no dialect starts a statement with it, with where it stands. */
function unknownHead(group: Lexeme[]): Lexeme | null {
  const head = group.find((lexeme) => lexeme.kind !== "open");
  return head?.kind === "word" && !STATEMENT_HEADS.has(head.words[0]) ? head : null;
}

/** Superset's SupersetParseError: 422, INVALID_SQL_ERROR, "Error parsing near '<word>' at line L:C". */
export function parseError(sql: string, at: Pick<Lexeme, "start" | "raw">): ApiError {
  const before = sql.slice(0, at.start).split("\n");
  const line = before.length;
  const column = before[before.length - 1].length + 1;
  return new ApiError(422, `Error parsing near '${at.raw}' at line ${line}:${column}`, "INVALID_SQL_ERROR", { line, column, highlight: at.raw });
}

function invalidSql(message: string): ApiError {
  return new ApiError(400, message, "INVALID_SQL_ERROR");
}
