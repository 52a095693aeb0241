import { expect, test } from "vitest";
import { gateSql } from "./index";
import { validateAdhocClause } from "./clauses";
import { boundaryBypasses } from "./corpus/boundary-bypasses";
import { lexSql, SqlLexError } from "./lexer";

// Each of these ran LOAD_FILE or INTO OUTFILE on a MariaDB in the named sql_mode while the gate let it through
// (tests/integration/sql-gate-engines.test.ts proves the server side on MariaDBs started in those modes).
test.each(boundaryBypasses("/tmp/gate-outfile.txt").map((b) => [b.note, b] as const))("refused: %s", (_note, bypass) => {
  if (bypass.clause) {
    expect(() => validateAdhocClause(bypass.sql, "mysql", { allowSubqueries: true })).toThrow();
    expect(() => gateSql(`SELECT ${bypass.sql} AS leak`, { dialect: "mysql", allowDml: true })).toThrow();
    return;
  }
  for (const allowDml of [false, true]) {
    expect(() => gateSql(bypass.sql, { dialect: "mysql", allowDml }), `allowDml ${allowDml}`).toThrow();
  }
});

test("a quoted MySQL variable or name must end at the same place with and without backslash escapes", () => {
  for (const sql of ["SELECT @'\\'", 'SELECT @"\\"', "SELECT @`\\`", "SELECT @'a\\' , 1, @'b'", "SELECT `a\\` FROM t"]) {
    expect(() => lexSql(sql, "mysql"), sql).toThrow(SqlLexError);
  }
  for (const sql of ["SELECT @'a', @\"b\", @`c`, @d, @@sql_mode", "SELECT @'it''s', @'a\\\\b'", "SELECT `a\\b` FROM t"]) {
    expect(() => lexSql(sql, "mysql"), sql).not.toThrow();
  }
});

test("a line comment must end where MySQL and SQLite end it: '--' needs an ASCII space, a lone \\r does not end it", () => {
  for (const sql of ["SELECT 1 --\u00a0x\n", "SELECT 1 --\u3000x\n", "SELECT 1 -- x\ry\n", "SELECT 1 # x\ry\n"]) {
    expect(() => lexSql(sql, "mysql"), JSON.stringify(sql)).toThrow(SqlLexError);
  }
  expect(() => lexSql("SELECT 1 -- x\ry\n", "sqlite")).toThrow(SqlLexError);
  // PostgreSQL ends a comment at \r as the tokenizer does; \r\n and a tab after "--" are fine everywhere
  expect(() => lexSql("SELECT 1 -- x\ry", "postgresql")).not.toThrow();
  for (const sql of ["SELECT 1 -- x\r\n, 2", "SELECT 1 --\tx\n, 2", "SELECT 1 --", "SELECT 1 #x\n, 2"]) {
    expect(() => lexSql(sql, "mysql"), JSON.stringify(sql)).not.toThrow();
  }
});

test("INTO OUTFILE and INTO DUMPFILE are refused in any position, DML allowed or not, and in a chart's clause", () => {
  for (const sql of [
    "SELECT * FROM t INTO OUTFILE '/tmp/x'",
    "SELECT * INTO OUTFILE '/tmp/x' FROM t",
    "SELECT name FROM t LIMIT 1 into /* c */ dumpfile '/tmp/x'",
    "(SELECT 1 INTO OUTFILE '/tmp/x')",
    "INSERT INTO t SELECT 1 INTO OUTFILE '/tmp/x'",
    "WITH a AS (SELECT 1) SELECT * FROM a INTO OUTFILE '/tmp/x'",
  ]) {
    for (const dialect of ["mysql", "postgresql", "sqlite"] as const) {
      for (const allowDml of [false, true]) expect(() => gateSql(sql, { dialect, allowDml }), `${dialect} ${allowDml}: ${sql}`).toThrow();
    }
  }
  expect(() => validateAdhocClause("1 INTO OUTFILE '/tmp/x'", "mysql")).toThrow();
});
