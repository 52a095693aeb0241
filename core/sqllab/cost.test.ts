import { expect, test } from "vitest";
import { formatCost } from "./cost";

test("a PostgreSQL plan becomes start-up and total cost, as Superset shows them", () => {
  const plan = [{ "QUERY PLAN": "Aggregate  (cost=17.50..17.51 rows=1 width=8)" }, { "QUERY PLAN": "  ->  Seq Scan on t  (cost=0.00..15.00 rows=1000 width=0)" }];
  expect(formatCost("postgresql", plan)).toEqual([{ "Start-up cost": 17.5, "Total cost": 17.51 }]);
});

test("other engines' plan rows pass through", () => {
  const plan = [{ id: 2, parent: 0, detail: "SCAN t" }];
  expect(formatCost("d1", plan)).toBe(plan);
});
