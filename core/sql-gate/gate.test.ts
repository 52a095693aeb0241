import { expect, test } from "vitest";
import type { SqlDialect } from "./dialect";
import type { ApiError } from "../http/errors";
import { DEFAULT_DENIED_FUNCTIONS, DML_NOT_ALLOWED_MESSAGE, UNPARSABLE_READ_ONLY_MESSAGE, gateSql } from "./index";

const readOnly = (sql: string, dialect: SqlDialect = "postgresql") => gateSql(sql, { dialect, allowDml: false });

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    return err as ApiError;
  }
  throw new Error("expected an error");
}

test("a write is refused with Superset's DML message, type, status and issue code", () => {
  const err = errorOf(() => readOnly("DELETE FROM gate_target"));
  expect(err.status).toBe(400);
  expect(err.errorType).toBe("DML_NOT_ALLOWED_ERROR");
  expect(err.message).toBe(DML_NOT_ALLOWED_MESSAGE);
  expect(err.extra).toMatchObject({ reason: "The statement is a DELETE statement.", issue_codes: [{ code: 1022 }] });
});

test("SQL that cannot be lexed is refused as unparsable in read-only mode, and as INVALID_SQL with DML allowed", () => {
  const readOnlyErr = errorOf(() => readOnly("SELECT 'unterminated"));
  expect(readOnlyErr.errorType).toBe("DML_NOT_ALLOWED_ERROR");
  expect(readOnlyErr.message).toBe(UNPARSABLE_READ_ONLY_MESSAGE);
  const dmlErr = errorOf(() => gateSql("SELECT 'unterminated", { dialect: "postgresql", allowDml: true }));
  expect(dmlErr.errorType).toBe("INVALID_SQL_ERROR");
  expect(dmlErr.message).toMatch(/^The SQL could not be parsed/);
});

test("a script is split into its statements, comments between them dropped and strings kept whole", () => {
  const sql = "-- first\nSELECT 'a;b' AS x;\n/* second */ SELECT $$;$$ AS y ;; \n";
  expect(readOnly(sql).statements).toEqual(["SELECT 'a;b' AS x", "SELECT $$;$$ AS y"]);
});

test("a statement keeps its inner and trailing comments out of the split text only at the ends", () => {
  expect(readOnly("SELECT 1 /* inner */ + 2 -- tail").statements).toEqual(["SELECT 1 /* inner */ + 2"]);
});

test("an empty script is an INVALID_SQL_ERROR", () => {
  expect(errorOf(() => readOnly("  -- nothing\n")).errorType).toBe("INVALID_SQL_ERROR");
  expect(errorOf(() => readOnly(";;")).errorType).toBe("INVALID_SQL_ERROR");
});

test("several reads are allowed and returned one by one", () => {
  expect(readOnly("SELECT 1; SELECT 2; WITH t AS (SELECT 3) SELECT * FROM t").statements).toHaveLength(3);
});

test("one write among reads refuses the whole script", () => {
  expect(errorOf(() => readOnly("SELECT 1; SELECT 2; DROP TABLE gate_target")).errorType).toBe("DML_NOT_ALLOWED_ERROR");
});

test("with DML allowed, writes pass but denied functions are still refused", () => {
  expect(gateSql("INSERT INTO t VALUES (1)", { dialect: "mysql", allowDml: true }).statements).toHaveLength(1);
  const err = errorOf(() => gateSql("INSERT INTO t SELECT load_file('/etc/passwd')", { dialect: "mysql", allowDml: true }));
  expect(err.errorType).toBe("SYNTAX_ERROR");
  expect(err.message).toBe("SQL statement contains disallowed function(s): load_file");
});

test("denied functions are found qualified, quoted, in any case and with comments before the parenthesis", () => {
  for (const sql of [
    "SELECT pg_catalog.pg_read_file('/etc/passwd')",
    'SELECT "pg_read_file"(\'/etc/passwd\')',
    "SELECT PG_READ_FILE /* x */ ('/etc/passwd')",
    "SELECT * FROM pg_ls_dir('.')",
    "SELECT version()",
    "SELECT * FROM dblink('dbname=test', 'DELETE FROM gate_target') AS t(x int)",
    "SELECT query_to_xml('SELECT 1', true, false, '')",
  ]) {
    expect(errorOf(() => readOnly(sql)).errorType, sql).toBe("SYNTAX_ERROR");
  }
  expect(errorOf(() => readOnly('SELECT "load_file"(\'/etc/passwd\')', "mysql")).errorType).toBe("SYNTAX_ERROR");
  expect(errorOf(() => readOnly("SELECT load_extension('x')", "sqlite")).errorType).toBe("SYNTAX_ERROR");
});

test("the denylist is configurable: a custom list replaces the default", () => {
  expect(gateSql("SELECT version()", { dialect: "postgresql", allowDml: false, deniedFunctions: [] }).statements).toHaveLength(1);
  const err = errorOf(() => gateSql("SELECT pg_sleep(1)", { dialect: "postgresql", allowDml: false, deniedFunctions: [...DEFAULT_DENIED_FUNCTIONS, "PG_SLEEP"] }));
  expect(err.message).toContain("pg_sleep");
});

test("sleep functions are not denied by default: timeouts bound them", () => {
  expect(readOnly("SELECT pg_sleep(0)").statements).toHaveLength(1);
  expect(readOnly("SELECT SLEEP(0)", "mysql").statements).toHaveLength(1);
});

test("a column or string that merely names a denied function is not a call", () => {
  expect(readOnly("SELECT 'version()' AS version, version_id FROM t").statements).toHaveLength(1);
});

test("state-changing functions count as writes only when DML is not allowed", () => {
  expect(errorOf(() => readOnly("SELECT nextval('s')")).errorType).toBe("DML_NOT_ALLOWED_ERROR");
  expect(gateSql("SELECT nextval('s')", { dialect: "postgresql", allowDml: true }).statements).toHaveLength(1);
});

test("MySQL functions named like writes are reads: REPLACE(), INSERT(), TRUNCATE()", () => {
  expect(readOnly("SELECT REPLACE(name, 'a', 'b'), INSERT(name, 1, 1, 'x'), TRUNCATE(1.5, 0) FROM t", "mysql").statements).toHaveLength(1);
  expect(errorOf(() => readOnly("REPLACE INTO t VALUES (1)", "mysql")).errorType).toBe("DML_NOT_ALLOWED_ERROR");
});

test("EXPLAIN is a read only when what it explains is a read", () => {
  expect(readOnly("EXPLAIN ANALYZE VERBOSE SELECT 1").statements).toHaveLength(1);
  expect(readOnly("EXPLAIN FORMAT=JSON SELECT 1", "mysql").statements).toHaveLength(1);
  expect(readOnly("EXPLAIN QUERY PLAN SELECT 1", "sqlite").statements).toHaveLength(1);
  expect(errorOf(() => readOnly("EXPLAIN ANALYZE CREATE TABLE x AS SELECT 1")).errorType).toBe("DML_NOT_ALLOWED_ERROR");
  expect(errorOf(() => readOnly("EXPLAIN EXECUTE p")).errorType).toBe("DML_NOT_ALLOWED_ERROR");
});

test("SQLite pragmas: reads with a table name pass, anything that sets is refused", () => {
  expect(readOnly("PRAGMA table_info('t')", "sqlite").statements).toHaveLength(1);
  expect(readOnly("PRAGMA main.index_list(t)", "sqlite").statements).toHaveLength(1);
  expect(readOnly("PRAGMA page_count", "sqlite").statements).toHaveLength(1);
  for (const sql of ["PRAGMA page_size = 4096", "PRAGMA user_version(3)", "PRAGMA table_info(t) = 1", "PRAGMA"]) {
    expect(errorOf(() => readOnly(sql, "sqlite")).errorType, sql).toBe("DML_NOT_ALLOWED_ERROR");
  }
});

test("statements that other dialects accept but this one does not are refused (TABLE and SHOW in SQLite)", () => {
  expect(errorOf(() => readOnly("TABLE t", "sqlite")).errorType).toBe("DML_NOT_ALLOWED_ERROR");
  expect(errorOf(() => readOnly("SHOW TABLES", "sqlite")).errorType).toBe("DML_NOT_ALLOWED_ERROR");
});

test("MySQL DESCRIBE of a table is a read; describing a write is not", () => {
  expect(readOnly("DESC gate_target id", "mysql").statements).toHaveLength(1);
  expect(errorOf(() => readOnly("DESCRIBE UPDATE t SET a = 1", "mysql")).errorType).toBe("DML_NOT_ALLOWED_ERROR");
});

test("a ';' inside parentheses cannot split a statement", () => {
  expect(errorOf(() => readOnly("SELECT (1; 2)")).message).toBe(UNPARSABLE_READ_ONLY_MESSAGE);
});

test("the :=  assignment is a write in MySQL but a named argument in PostgreSQL", () => {
  expect(errorOf(() => readOnly("SELECT @a := 1", "mysql")).errorType).toBe("DML_NOT_ALLOWED_ERROR");
  expect(readOnly("SELECT make_interval(days := 1)").statements).toHaveLength(1);
});

test("an unknown dialect fails closed", () => {
  expect(() => gateSql("SELECT 1", { dialect: "oracle" as never, allowDml: false })).toThrow();
});

test("a statement whose first word no dialect knows (SELEC 1) is Superset's syntax error, not a DML refusal", () => {
  for (const [sql, line, column] of [["SELEC 1", 1, 1], ["SELECT 1;\n  SELEC 2", 2, 3]] as const) {
    let error: ApiError | undefined;
    try {
      gateSql(sql, { dialect: "sqlite", allowDml: false });
    } catch (e) {
      error = e as ApiError;
    }
    expect(error).toMatchObject({ status: 422, errorType: "INVALID_SQL_ERROR", message: `Error parsing near 'SELEC' at line ${line}:${column}`, extra: { line, column, highlight: "SELEC" } });
  }
  // a real write keeps the DML refusal
  expect(() => gateSql("DELETE FROM t", { dialect: "sqlite", allowDml: false })).toThrow(DML_NOT_ALLOWED_MESSAGE);
});
