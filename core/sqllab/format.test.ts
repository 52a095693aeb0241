import { expect, test } from "vitest";
import { formatSql, languageFor } from "./format";

test("format upper-cases keywords and puts clauses on their own lines", () => {
  expect(formatSql("select a, count(*) from t where b = 1 group by a", "postgresql")).toBe(
    "SELECT\n  a,\n  count(*)\nFROM\n  t\nWHERE\n  b = 1\nGROUP BY\n  a",
  );
});

test("the dialect follows the database engine", () => {
  expect(languageFor("d1")).toBe("sqlite");
  expect(languageFor("mysql")).toBe("mysql");
  expect(languageFor("postgresql")).toBe("postgresql");
  expect(languageFor(undefined)).toBe("sql");
  expect(formatSql("select `a b` from t", "mysql")).toContain("`a b`");
});

test("template blocks survive formatting", () => {
  expect(formatSql("select * from t where d > '{{ from_dttm }}' {% if x %}and y{% endif %}", "d1")).toContain("{{ from_dttm }}");
});

test("text the formatter cannot parse is a clear 400", () => {
  expect(() => formatSql("select 'unterminated", "postgresql")).toThrow(/Unable to format this SQL/);
});
