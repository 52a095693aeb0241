import { expect, test } from "vitest";
import { checkRlsClause, rlsPredicate, rulesForViewer, type RlsRule, type RlsViewer } from "./rules";
import { compileQuery } from "../query/compile";
import { parseQueryContext } from "../chart-data/query-context";

const rule = (id: number, over: Partial<RlsRule>): RlsRule => ({ id, filter_type: "Regular", clause: `x = ${id}`, group_key: null, roles: [], ...over });
const alice: RlsViewer = { userId: 7, username: "alice", roles: ["Gamma", "Sales"] };
const admin: RlsViewer = { userId: 1, username: "admin", roles: ["Admin"] };

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e as { status: number; errorType: string; message: string };
  }
  throw new Error("expected an error");
};

test("a Regular rule binds the viewers holding one of its roles (in any case); a Base rule everyone else", () => {
  const rules = [
    rule(1, { roles: ["sales"] }),
    rule(2, { roles: ["Marketing"] }),
    rule(3, { filter_type: "Base", roles: ["Sales"] }),
    rule(4, { filter_type: "Base", roles: ["Marketing"] }),
    rule(5, { filter_type: "Base", roles: [] }),
  ];
  expect(rulesForViewer(rules, alice).map((r) => r.id)).toEqual([1, 4, 5]);
  // Admins are not exempt: Base rules that do not list Admin bind them
  expect(rulesForViewer(rules, admin).map((r) => r.id)).toEqual([3, 4, 5]);
  expect(rulesForViewer([rule(6, { roles: ["Sales"] })], admin)).toEqual([]);
});

test("clauses sharing a group key are ORed, groups and keyless rules ANDed, in an order that does not depend on the rules'", () => {
  const rules = [
    rule(1, { clause: "region = 'EU'", group_key: "region" }),
    rule(2, { clause: "department = 'Finance'", group_key: "department" }),
    rule(3, { clause: "region = 'US'", group_key: "region" }),
    rule(4, { clause: "active = 1" }),
  ];
  const predicate = rlsPredicate(rules, alice, "postgresql");
  expect(predicate).toBe("(department = 'Finance') AND ((region = 'EU') OR (region = 'US')) AND (active = 1)");
  expect(rlsPredicate([...rules].reverse(), alice, "postgresql")).toBe(predicate);
  expect(rlsPredicate([], alice, "postgresql")).toBeNull();
});

test("current_username() and current_user_id() render as quoted values for the viewer, escaped per engine", () => {
  const rules = [rule(1, { clause: "owner = {{ current_username() }} AND owner_id = {{ current_user_id() }}" })];
  expect(rlsPredicate(rules, alice, "postgresql")).toBe("(owner = 'alice' AND owner_id = 7)");
  const sneaky: RlsViewer = { userId: 8, username: "o'brien\\' OR 1=1 --", roles: [] };
  expect(rlsPredicate(rules, sneaky, "postgresql")).toBe("(owner = E'o''brien\\\\'' OR 1=1 --' AND owner_id = 8)");
  expect(rlsPredicate(rules, sneaky, "mysql")).toBe("(owner = 'o''brien\\\\'' OR 1=1 --' AND owner_id = 8)");
});

test("a clause that is not one safe WHERE fragment is refused with the SQL gate's message", () => {
  expect(errorOf(() => checkRlsClause("a = 1; DROP TABLE t", ["sqlite"])).message).toBe("Clause contains multiple statements");
  expect(errorOf(() => checkRlsClause("a = 1) OR (1 = 1", ["sqlite"])).message).toBe("Closing unclosed parenthesis in filter clause");
  expect(errorOf(() => checkRlsClause("a = pg_read_file('/etc/passwd')", ["postgresql"])).message).toMatch(/disallowed function|server/i);
  expect(errorOf(() => checkRlsClause("a = {{ nope(", ["sqlite"])).errorType).toBe("INVALID_TEMPLATE_PARAMS_ERROR");
  // a line comment cannot swallow what follows the clause
  expect(rlsPredicate([rule(1, { clause: "a = 1 -- note" })], alice, "sqlite")).toBe("(a = 1 -- note\n)");
  // admin-written subqueries are allowed, as in Superset
  expect(() => checkRlsClause("team_id IN (SELECT id FROM teams WHERE lead = {{ current_username() }})", ["postgresql", "mysql", "sqlite"])).not.toThrow();
});

test("the compiler filters the dataset's FROM source, so the series-limit subquery sees only those rows too", () => {
  const q = parseQueryContext({
    datasource: { id: 1, type: "table" },
    queries: [{ columns: ["state"], metrics: ["count"], series_columns: ["state"], series_limit: 5, series_limit_metric: "count" }],
  }).queries[0];
  const dataset = {
    table_name: "sales", schema: "public", sql: null, main_dttm_col: null, rls: "(region = 'EU')",
    columns: [{ column_name: "state", expression: null, is_dttm: false }, { column_name: "region", expression: null, is_dttm: false }],
    metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
  };
  const opts = { engine: "postgresql" as const, allowAdhocSubquery: false, maxRows: 1000, resolveTimeRange: () => ({ since: null, until: null }) };
  const { sql } = compileQuery(q, dataset, opts);
  const filtered = `(SELECT * FROM "public"."sales" WHERE (region = 'EU')) AS "sales"`;
  expect(sql.split(filtered).length - 1).toBe(2);
  expect(sql).not.toMatch(/FROM "public"\."sales"\s+(?!WHERE)/);
  const virtual = compileQuery(q, { ...dataset, sql: "SELECT * FROM sales_2024" }, opts).sql;
  expect(virtual).toContain("FROM (SELECT * FROM (\nSELECT * FROM sales_2024\n) AS virtual_table WHERE (region = 'EU')) AS virtual_table");
  expect(compileQuery(q, { ...dataset, rls: null }, opts).sql).not.toContain("region = 'EU'");
});
