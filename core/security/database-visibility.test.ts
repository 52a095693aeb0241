import { expect, test } from "vitest";
import { accessibleDatabaseIds } from "./database-visibility";
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
