import { expect, test } from "vitest";
import { vocabularyFor } from "./completion-vocabulary";

test("each engine offers its own dialect's functions and keywords", () => {
  const pg = vocabularyFor("postgresql");
  expect(pg.functions).toEqual(expect.arrayContaining(["STRING_AGG", "DATE_TRUNC", "GENERATE_SERIES"]));
  expect(pg.keywords).toEqual(expect.arrayContaining(["SELECT", "GROUP BY", "LEFT JOIN"]));
  expect(vocabularyFor("mysql").functions).toEqual(expect.arrayContaining(["GROUP_CONCAT", "DATE_FORMAT"]));
  expect(vocabularyFor("d1").functions).toEqual(expect.arrayContaining(["JULIANDAY", "STRFTIME", "GROUP_CONCAT"]));
  expect(vocabularyFor("d1").functions).not.toContain("STRING_AGG");
  expect(pg.functions).not.toContain("GROUP_CONCAT");
});

test("ClickHouse offers its own functions (camel case as the server spells them) and clauses, not MySQL's", () => {
  const ch = vocabularyFor("clickhouse");
  expect(ch.functions).toEqual(expect.arrayContaining(["toStartOfMonth", "toStartOfInterval", "uniqExact", "arrayJoin", "multiIf", "groupArray"]));
  expect(ch.keywords).toEqual(expect.arrayContaining(["PREWHERE", "SAMPLE", "SETTINGS", "GROUP BY", "ARRAY JOIN", "FINAL"]));
  expect(ch.functions).not.toContain("GROUP_CONCAT");
  expect(vocabularyFor("ClickHouse")).toBe(ch);
  expect(vocabularyFor("postgresql").functions).not.toContain("toStartOfMonth");
});

test("no engine offers Monaco's T-SQL vocabulary", () => {
  for (const backend of ["postgresql", "mysql", "d1", "clickhouse", null]) {
    const v = vocabularyFor(backend);
    expect([...v.keywords, ...v.functions]).not.toContain("NONCLUSTERED");
    expect([...v.keywords, ...v.functions]).not.toContain("DECRYPTBYASYMKEY");
  }
});
