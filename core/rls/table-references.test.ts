import { describe, expect, it } from "vitest";
import { applyTableRls, tableReferences, type TableRls } from "./table-references";

const births: TableRls[] = [{ schema: null, table: "birth_names", predicate: "gender = 'girl'" }];

describe("table references (the SQL gate's lexer)", () => {
  it("finds names after FROM and JOIN, comma lists, subqueries and CTE bodies, not function arguments or strings", () => {
    const refs = tableReferences(
      "WITH c AS (SELECT * FROM a) SELECT EXTRACT(YEAR FROM ds), 'FROM x' FROM b AS bb, s.c JOIN \"D\" d ON 1=1 LEFT JOIN generate_series(1, 2) g ON true WHERE y IN (SELECT y FROM e) -- FROM z",
      "postgresql",
    );
    expect(refs.map((r) => [r.parts.join("."), r.hasAlias])).toEqual([["a", false], ["b", true], ["s.c", false], ["D", true], ["e", false]]);
  });

  it("reads PostgreSQL's FROM ONLY and TABLE statements", () => {
    expect(tableReferences("SELECT * FROM ONLY birth_names", "postgresql").map((r) => r.parts)).toEqual([["birth_names"]]);
    expect(tableReferences("TABLE birth_names", "postgresql").map((r) => r.parts)).toEqual([["birth_names"]]);
    expect(tableReferences("SELECT 1 UNION ALL TABLE a; (TABLE b)", "postgresql").map((r) => r.parts)).toEqual([["a"], ["b"]]);
    expect(tableReferences("DROP TABLE birth_names", "postgresql")).toEqual([]);
  });
});

describe("applyTableRls", () => {
  it("wraps an unaliased reference, aliased by the table's own name", () => {
    expect(applyTableRls("SELECT birth_names.name FROM birth_names", "sqlite", births, null)).toBe(
      "SELECT birth_names.name FROM (SELECT * FROM birth_names WHERE gender = 'girl') AS birth_names",
    );
  });

  it("keeps an alias, filters every reference (joins, subqueries, a CTE named as the table) and leaves other tables", () => {
    const sql = "WITH birth_names AS (SELECT * FROM main.birth_names) SELECT * FROM birth_names b JOIN other o ON o.id = b.id WHERE b.name IN (SELECT name FROM BIRTH_NAMES)";
    expect(applyTableRls(sql, "sqlite", births, "main")).toBe(
      "WITH birth_names AS (SELECT * FROM (SELECT * FROM main.birth_names WHERE gender = 'girl') AS birth_names) " +
        "SELECT * FROM (SELECT * FROM birth_names WHERE gender = 'girl') b JOIN other o ON o.id = b.id " +
        "WHERE b.name IN (SELECT name FROM (SELECT * FROM BIRTH_NAMES WHERE gender = 'girl') AS BIRTH_NAMES)",
    );
  });

  it("matches a rule's schema against the reference's, or the query's schema for an unqualified one", () => {
    const scoped: TableRls[] = [{ schema: "sales", table: "orders", predicate: "region = 'EU'" }];
    expect(applyTableRls("SELECT * FROM hr.orders", "postgresql", scoped, "public")).toBe("SELECT * FROM hr.orders");
    expect(applyTableRls("SELECT * FROM orders", "postgresql", scoped, "public")).toBe("SELECT * FROM orders");
    expect(applyTableRls("SELECT * FROM orders", "postgresql", scoped, "sales")).toContain("WHERE region = 'EU'");
    expect(applyTableRls('SELECT * FROM "sales"."orders"', "postgresql", scoped, "public")).toBe(
      'SELECT * FROM (SELECT * FROM "sales"."orders" WHERE region = \'EU\') AS "orders"',
    );
  });

  it("keeps PostgreSQL's ONLY inside the filtered subquery", () => {
    expect(applyTableRls("SELECT * FROM ONLY birth_names b", "postgresql", births, null)).toBe("SELECT * FROM (SELECT * FROM ONLY birth_names WHERE gender = 'girl') b");
  });

  it("turns PostgreSQL's TABLE statement into a SELECT of the filtered table", () => {
    expect(applyTableRls("TABLE main.birth_names ORDER BY 1", "postgresql", births, null)).toBe("SELECT * FROM (SELECT * FROM main.birth_names WHERE gender = 'girl') AS birth_names ORDER BY 1");
  });

  it("ANDs the predicates of two datasets on one table", () => {
    const two: TableRls[] = [...births, { schema: null, table: "birth_names", predicate: "state = 'CA'" }];
    expect(applyTableRls("SELECT * FROM birth_names", "mysql", two, null)).toBe("SELECT * FROM (SELECT * FROM birth_names WHERE (gender = 'girl') AND (state = 'CA')) AS birth_names");
  });

  it("refuses text the lexer cannot read instead of returning it unfiltered", () => {
    expect(() => applyTableRls("SELECT * FROM birth_names WHERE x = 'open", "sqlite", births, null)).toThrow();
  });
});

describe("FROM lists", () => {
  const names = (sql: string, dialect: "sqlite" | "postgresql" | "mysql" = "sqlite") => tableReferences(sql, dialect).map((r) => r.parts.join("."));
  it("finds a table after a subquery in a comma list, in a parenthesised join, after ON", () => {
    expect(names("SELECT * FROM (SELECT 1 AS one) o, birth_names")).toEqual(["birth_names"]);
    expect(names("SELECT * FROM (birth_names)")).toEqual(["birth_names"]);
    expect(names("SELECT * FROM (a JOIN b ON a.x = b.x), c WHERE d IN (1, 2)")).toEqual(["a", "b", "c"]);
    expect(names("SELECT * FROM a JOIN b ON a.x = b.x, c")).toEqual(["a", "b", "c"]);
    expect(names("SELECT * FROM a USE INDEX (i), b", "mysql")).toEqual(["a", "b"]);
    expect(names("SELECT * FROM a, LATERAL (SELECT * FROM b) l", "postgresql")).toEqual(["a", "b"]);
  });
  it("does not read select-list or ORDER BY commas, or a subquery's SELECT, as tables", () => {
    expect(names("SELECT a, b FROM t ORDER BY a, b")).toEqual(["t"]);
    expect(names("SELECT x FROM t WHERE y IN (SELECT y FROM u) GROUP BY x, z")).toEqual(["t", "u"]);
    expect(names("SELECT a FROM t; SELECT b, c FROM u")).toEqual(["t", "u"]);
  });
});
