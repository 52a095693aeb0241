import { expect, test } from "vitest";
import { pairKey, type Principal } from "./permissions";
import { queryOwnerLimit, seesAllQueries } from "./query-access";

const principal = (id: number, roles: string[], pairs: [string, string][] = []): Principal => ({
  id, username: `u${id}`, roles, permissions: new Set(pairs.map(([p, v]) => pairKey(p, v))),
});

test("all_query_access sees every user's runs; everyone else only their own", () => {
  const auditor = principal(7, ["Auditor"], [["all_query_access", "all_query_access"]]);
  expect(seesAllQueries(auditor)).toBe(true);
  expect(queryOwnerLimit(auditor)).toBeNull();
  expect(queryOwnerLimit(principal(1, ["Admin"]))).toBeNull();
  const gamma = principal(3, ["Gamma"], [["can_read", "Query"]]);
  expect(seesAllQueries(gamma)).toBe(false);
  expect(queryOwnerLimit(gamma)).toBe(3);
});
