import { DatabaseSync } from "node:sqlite";
import { expect, test } from "vitest";
import { CompoundLimitError, regroupCompounds } from "./compound";

// Equivalence is checked on node:sqlite (no compound limit at 5 there): the original and the regrouped text must
// give the same columns and rows, in the same order. That the regrouped text has no chain over five terms is
// checked by the rewrite itself: a second pass finds nothing to regroup.

const db = new DatabaseSync(":memory:");
db.exec(`CREATE TABLE t (n INTEGER, name TEXT);
  INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e'), (6, 'f'), (7, 'g'), (8, 'h'), (9, 'i'), (10, 'j'), (11, 'k'), (12, 'l');`);

function run(sql: string) {
  const statement = db.prepare(sql);
  return { columns: statement.columns().map((c) => c.name), rows: statement.all().map((r) => Object.values(r)) };
}

function expectSameResult(sql: string): string {
  const out = regroupCompounds(sql);
  expect(out).not.toBe(sql);
  expect(regroupCompounds(out)).toBe(out);
  expect(run(out)).toEqual(run(sql));
  return out;
}

const terms = (n: number, op = "UNION ALL") =>
  Array.from({ length: n }, (_, i) => `SELECT ${i + 1} AS n, 'x${i + 1}' AS label FROM t WHERE n = ${i + 1}`).join(` ${op} `);

test("a chain of five terms or fewer is left as it is", () => {
  const sql = terms(5);
  expect(regroupCompounds(sql)).toBe(sql);
  expect(regroupCompounds("SELECT 1")).toBe("SELECT 1");
});

test("six UNION ALL terms keep the first four and move the rest into one subquery", () => {
  const sql = "SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6";
  expect(regroupCompounds(sql)).toBe(
    "SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT * FROM (SELECT 5 UNION ALL SELECT 6)",
  );
  expectSameResult(sql);
});

test("twelve UNION ALL terms, as in Superset's example datasets, give the same twelve rows in order", () => {
  const out = expectSameResult(terms(12));
  expect(out.match(/SELECT \* FROM \(/g)).toHaveLength(2);
  expect(run(out).rows).toHaveLength(12);
  expect(run(out).columns).toEqual(["n", "label"]);
});

test("a long UNION chain keeps removing duplicates across the groups", () => {
  const sql = Array.from({ length: 14 }, (_, i) => `SELECT ${(i % 3) + 1} AS n`).join(" UNION ");
  expectSameResult(sql);
  expect(run(regroupCompounds(sql)).rows).toEqual([[1], [2], [3]]);
});

test("mixed operators are grouped from the left, as SQLite evaluates them", () => {
  // ((((((1 ∪ 2) ∪all 2) − 2) ∪ 3) ∩ 3) ∪all 4) ∪all 4 : a right grouping would give another answer
  const sql = "SELECT 1 AS n UNION SELECT 2 UNION ALL SELECT 2 EXCEPT SELECT 2 UNION SELECT 3 INTERSECT SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 4";
  const out = expectSameResult(sql);
  expect(out).toBe(
    "SELECT * FROM (SELECT 1 AS n UNION SELECT 2 UNION ALL SELECT 2 EXCEPT SELECT 2 UNION SELECT 3) INTERSECT SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 4",
  );
  expect(run(out).rows).toEqual([[3], [4], [4]]);
  const long = Array.from({ length: 13 }, (_, i) => `SELECT ${i % 4} AS n`).join(" UNION ALL ").replace(/UNION ALL (SELECT [02])/g, "EXCEPT $1");
  expectSameResult(long);
});

test("a trailing ORDER BY / LIMIT / OFFSET stays outside the subqueries and applies to the whole chain", () => {
  for (const op of ["UNION ALL", "UNION"]) {
    const sql = `${terms(9, op)}\nORDER BY n DESC, label LIMIT 4 OFFSET 2`;
    const out = expectSameResult(sql);
    expect(out.endsWith(")\nORDER BY n DESC, label LIMIT 4 OFFSET 2")).toBe(true);
    expect(run(out).rows.map((r) => r[0])).toEqual([7, 6, 5, 4]);
  }
  expectSameResult(`${terms(7, "EXCEPT")} ORDER BY 1 LIMIT 3`);
});

test("chains inside subqueries, IN lists and CTEs are regrouped, each at its own depth", () => {
  // the chart engine wraps a virtual dataset as a subquery and appends its own LIMIT
  expectSameResult(`SELECT label, n * 2 AS twice FROM (${terms(12)}) AS virtual_table WHERE n > 2 ORDER BY n LIMIT 100`);
  expectSameResult(`WITH a AS (${terms(8)}), b AS MATERIALIZED (${terms(6, "UNION")}) SELECT a.n, b.label FROM a JOIN b USING (n) WHERE a.n IN (${Array.from({ length: 7 }, (_, i) => `SELECT ${i * 2}`).join(" UNION ALL ")}) ORDER BY 1`);
  expectSameResult(`WITH a AS (SELECT 1 AS n) ${Array.from({ length: 7 }, (_, i) => `SELECT n + ${i} AS n FROM a`).join(" UNION ALL ")}`);
  expectSameResult(`SELECT (SELECT count(*) FROM (${terms(11)})) AS c`);
});

test("UNION inside strings, quoted names and comments is not a term", () => {
  const sql = `SELECT 'a UNION ALL SELECT b' AS "UNION ALL" /* UNION ALL SELECT 9 */ UNION ALL SELECT 'x' -- UNION ALL SELECT 1\nUNION ALL SELECT [union]`;
  expect(regroupCompounds(sql.replace("[union]", "'y'"))).toBe(sql.replace("[union]", "'y'"));
  const six = Array.from({ length: 6 }, (_, i) => `SELECT 'UNION ALL ${i}' AS s /* UNION */`).join(" UNION ALL ");
  const out = expectSameResult(`${six} -- the end UNION ALL`);
  expect(out).toContain("SELECT * FROM (SELECT 'UNION ALL 4' AS s /* UNION */ UNION ALL SELECT 'UNION ALL 5' AS s) /* UNION */ -- the end UNION ALL");
});

test("each statement of a script is regrouped on its own", () => {
  const out = regroupCompounds(`${terms(6)};\n${terms(7, "UNION")};`);
  expect(out.split(";").slice(0, 2).map((s) => run(s).rows)).toEqual([run(terms(6)).rows, run(terms(7, "UNION")).rows]);
  expect(regroupCompounds(out)).toBe(out);
});

test("a chain that cannot be regrouped safely is refused, naming D1's limit of 5 terms", () => {
  const collated = `${terms(6, "UNION").replace("'x3' AS label", "'x3' COLLATE NOCASE AS label")}`;
  expect(() => regroupCompounds(collated)).toThrow(CompoundLimitError);
  expect(() => regroupCompounds(collated)).toThrow(/D1 allows at most 5 terms in a compound SELECT .* This one has 6, and its terms name a COLLATE/);
  expect(() => regroupCompounds(`${terms(6).replace("'x3' AS label", "'x3' COLLATE NOCASE AS label")} ORDER BY 2`)).toThrow(/COLLATE/);
  // UNION ALL without ORDER BY compares nothing: the collation cannot matter
  expectSameResult(collated.replaceAll(" UNION ", " UNION ALL "));
  const recursive = `WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT k + 10 FROM r WHERE k < 30) SELECT k FROM r`;
  expect(() => regroupCompounds(recursive)).toThrow(/This one has 6, and it is the body of a recursive CTE/);
  // the main query of a WITH RECURSIVE statement is not the recursive body
  expectSameResult(`WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM r WHERE k < 3) ${Array.from({ length: 6 }, () => "SELECT k FROM r").join(" UNION ALL ")}`);
});

test("text the lexer cannot read, and unbalanced text, are left to the database", () => {
  expect(regroupCompounds("SELECT 'open")).toBe("SELECT 'open");
  const unbalanced = `${terms(6)} WHERE (`;
  expect(regroupCompounds(unbalanced)).toBe(unbalanced);
});
