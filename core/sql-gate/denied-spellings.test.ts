import { expect, test } from "vitest";
import { gateSql } from "./index";
import { validateAdhocClause } from "./clauses";
import { DENIED_SPELLINGS } from "./corpus/denied-spellings";
import type { SqlDialect } from "./lexer";

// Every spelling an engine resolves to a denied function is refused, whether the database allows DML or not,
// as a whole statement and as an adhoc clause (charts splice clauses into their queries).
for (const dialect of ["postgresql", "mysql", "sqlite"] as SqlDialect[]) {
  test(`${dialect}: every spelling of a denied function is refused (${DENIED_SPELLINGS[dialect].length} spellings)`, () => {
    const allowed: string[] = [];
    for (const { sql, note } of DENIED_SPELLINGS[dialect]) {
      for (const allowDml of [false, true]) {
        try {
          gateSql(sql, { dialect, allowDml });
          allowed.push(`${note} (allowDml ${allowDml}): ${sql}`);
        } catch (e) {
          expect((e as { status: number }).status, sql).toBe(400);
        }
      }
      if (/ FROM /.test(sql)) continue; // a clause has no FROM: the select-list spellings cover the clause path
      const clause = sql.replace(/^SELECT /, "").replace(/ AS x$/, "");
      try {
        validateAdhocClause(clause, dialect, { allowSubqueries: true });
        allowed.push(`${note} (as a clause): ${clause}`);
      } catch {
        // refused, as it must be
      }
    }
    expect(allowed).toEqual([]);
  });
}

test("U& identifiers decode as PostgreSQL does; malformed escapes and UESCAPE characters are refused", () => {
  const ok = (sql: string) => gateSql(sql, { dialect: "postgresql", allowDml: false });
  expect(ok('SELECT U&"d\\0061ta" FROM gate_target').statements).toHaveLength(1); // an ordinary column, spelled with an escape
  expect(ok('SELECT U&"a!0062" UESCAPE \'!\' FROM gate_target').statements).toHaveLength(1);
  for (const bad of ['SELECT U&"\\00zz"', 'SELECT U&"\\0000x"', 'SELECT U&"x" UESCAPE \'+\'', 'SELECT U&"x" UESCAPE \'ab\'', 'SELECT U&"\\d800"']) {
    expect(() => ok(bad), bad).toThrow();
  }
  // SQLite reads U&"x" as U & "x" (a bitwise AND), and so does the gate's tokenizer: nothing to decode there
  expect(gateSql('SELECT U&"x" FROM gate_target', { dialect: "sqlite", allowDml: false }).statements).toHaveLength(1);
});
