import { expect, test } from "vitest";
import { accessibleDatabaseIds, emptyListText, hasAnyDataAccess } from "./database-visibility";
import type { Principal } from "./permissions";

const principal = (roles: string[], permissions: string[]): Principal => ({ id: 1, username: "u", roles, permissions: new Set(permissions) });

test("admins and all-access holders see every database", () => {
  expect(accessibleDatabaseIds(principal(["Admin"], []))).toBe("all");
  expect(accessibleDatabaseIds(principal(["Alpha"], ["all_database_access|all_database_access"]))).toBe("all");
  expect(accessibleDatabaseIds(principal(["Custom"], ["all_datasource_access|all_datasource_access"]))).toBe("all");
});

test("others see only the databases granted by database_access", () => {
  const p = principal(["Gamma"], ["can_read|Database", "database_access|[sales].(id:7)", "database_access|[a].[b].(id:9)", "schema_access|[x].[y]"]);
  expect(accessibleDatabaseIds(p)).toEqual([7, 9]);
  expect(accessibleDatabaseIds(principal(["Gamma"], ["can_read|Database"]))).toEqual([]);
});

test("a user without any data grant is told access is missing, not that nothing exists", () => {
  const gamma = principal(["Gamma"], ["can_read|Database", "can_read|Dataset"]);
  expect(hasAnyDataAccess(gamma)).toBe(false);
  expect(emptyListText("databases", { filtered: false, hasDataAccess: false })).toMatch(/^You don't have access to any database\. .*Ask an admin to grant you database access/);
  expect(hasAnyDataAccess(principal(["Gamma"], ["datasource_access|[examples].[birth_names](id:1)"]))).toBe(true);
  expect(hasAnyDataAccess(principal(["Gamma"], ["database_access|[examples].(id:1)"]))).toBe(true);
  expect(hasAnyDataAccess(principal(["Admin"], []))).toBe(true);
  expect(emptyListText("datasets", { filtered: true, hasDataAccess: true })).toBe("No datasets match.");
  expect(emptyListText("databases", { filtered: false, hasDataAccess: true })).toBe("No databases yet.");
});
