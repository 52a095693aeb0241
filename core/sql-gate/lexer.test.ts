// These tests also pin the behaviour of sql-formatter's Tokenizer, imported by file path (lexer.ts): an upgrade
// that changes its token shapes must fail here.
import { expect, test } from "vitest";
import type { SqlDialect } from "./dialect";
import { lexSql, SqlLexError, tokenizeSql } from "./lexer";

const kinds = (sql: string, dialect: SqlDialect) => lexSql(sql, dialect).lexemes.map((l) => `${l.kind}:${l.raw}`);

test("strings, dollar quotes and quoted identifiers are single lexemes, whatever they contain", () => {
  expect(kinds("SELECT $t$ ; DELETE $t$, E'a\\'; b', \"x;y\"", "postgresql")).toEqual([
    "word:SELECT", "string:$t$ ; DELETE $t$", "comma:,", "string:E'a\\'; b'", "comma:,", "quoted:\"x;y\"",
  ]);
  expect(kinds("SELECT `a;b`, 'c''d'", "mysql")).toEqual(["word:SELECT", "quoted:`a;b`", "comma:,", "string:'c''d'"]);
  expect(kinds("SELECT [a;b]", "sqlite")).toEqual(["word:SELECT", "quoted:[a;b]"]);
});

test("comments are dropped, nested ones whole in PostgreSQL, and a line comment is reported", () => {
  const result = lexSql("SELECT /* a /* b */ DELETE */ 1 -- x", "postgresql");
  expect(result.lexemes.map((l) => l.raw)).toEqual(["SELECT", "1"]);
  expect(result.hasLineComment).toBe(true);
});

test("multi-word keyword tokens are split into words", () => {
  const [lexeme] = lexSql("DELETE FROM t", "postgresql").lexemes;
  expect(lexeme.words).toEqual(["DELETE", "FROM"]);
});

test("positions point into the original text", () => {
  const sql = "  SELECT  'x'";
  for (const lexeme of lexSql(sql, "sqlite").lexemes) expect(sql.slice(lexeme.start, lexeme.end)).toBe(lexeme.raw);
});

test("text the engines could read differently is refused", () => {
  const refused: Array<[string, SqlDialect]> = [
    ["SELECT 1 /*! DELETE */", "mysql"],
    ["SELECT 1 /*M! DELETE */", "mysql"],
    ["SELECT 1 --1", "mysql"],
    ["SELECT 'a\\'", "postgresql"],
    ["SELECT 'a\\' ', 'b'", "mysql"],
    ["SELECT 1 /* sql-formatter-disable */ x", "postgresql"],
    ["SELECT 1 \\restrict x", "postgresql"],
    ["SELECT\u00a01", "postgresql"],
    ["SELECT 'open", "sqlite"],
    ["SELECT 1 /* open", "sqlite"],
    ["SELECT 1 /* open /* nested */", "postgresql"],
  ];
  for (const [sql, dialect] of refused) expect(() => lexSql(sql, dialect), sql).toThrow(SqlLexError);
});

test("unambiguous backslashes pass: E'' strings in PostgreSQL, doubled ones in MySQL, any in SQLite", () => {
  expect(() => lexSql("SELECT E'a\\'b'", "postgresql")).not.toThrow();
  expect(() => lexSql("SELECT 'a\\\\'", "mysql")).not.toThrow();
  expect(() => lexSql("SELECT 'a\\'", "sqlite")).not.toThrow();
  expect(() => lexSql("SELECT 1 -- comment\n", "mysql")).not.toThrow();
});

test("tokenizeSql keeps comments and token types for the template renderer", () => {
  expect(tokenizeSql("SELECT 'a' -- c", "sqlite").map((t) => t.type)).toEqual(["RESERVED_SELECT", "STRING", "LINE_COMMENT"]);
});
