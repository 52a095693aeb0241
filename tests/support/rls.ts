import { expect } from "vitest";
import { loginAs, type ApiClient } from "./client";
import { exampleDataset, json, pairFor, pairs, roleId, unique } from "./access";
import { databasePermName } from "../../core/security/permissions";

// A reader of the examples database bound by one row-level security rule on a physical example table (a Regular
// rule on a role of its own, so no other user or test file is touched): for the tests of the rules placed around
// the tables that SQL names (SQL Lab, alerts, virtual datasets).

export interface BoundReader {
  client: ApiClient;
  id: number;
  roleId: number;
  ruleId: number;
  databaseId: number;
  datasetId: number;
}

export async function boundReader(admin: ApiClient, table: string, clause: string, extraRoles: string[] = ["sql_lab"]): Promise<BoundReader> {
  const dataset = await exampleDataset(admin, table);
  const databaseId = dataset.database.id as number;
  const role = await json<{ id: number }>(await admin.post("/api/v1/security/roles/", { name: `rls_tables_${unique()}` }));
  const grant = pairFor(await pairs(admin), "database_access", databasePermName("examples", databaseId))!;
  expect((await admin.post(`/api/v1/security/roles/${role.id}/permissions`, { permission_view_menu_ids: [grant.id] })).status).toBe(200);
  const username = `rls_tables_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const roles = [await roleId(admin, "Gamma"), role.id];
  for (const name of extraRoles) roles.push(await roleId(admin, name));
  const made = await admin.post("/api/v1/security/users/", { username, first_name: "Bound", last_name: "Reader", email: `${username}@example.com`, password, roles });
  expect(made.status).toBe(201);
  const rule = await admin.post("/api/v1/rowlevelsecurity/", { name: `tables ${unique()}`, filter_type: "Regular", tables: [dataset.id], roles: [role.id], clause });
  expect(rule.status, await rule.clone().text()).toBe(201);
  return {
    client: await loginAs(username, password), id: (await json<{ id: number }>(made)).id, roleId: role.id,
    ruleId: (await json<{ id: number }>(rule)).id, databaseId, datasetId: dataset.id as number,
  };
}
