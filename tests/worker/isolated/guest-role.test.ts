/// <reference types="@cloudflare/vitest-plugin/types" />
import { beforeAll, expect, test } from "vitest";
import { env } from "cloudflare:workers";
import type { D1Migration } from "cloudflare:test";
import { loginAsAdmin, useWorkerVars, workerFetch, type ApiClient } from "../../support/client";
import { exampleDataset, json, pairFor, pairs, roleId, unique, type Pair } from "../../support/access";
import { GUEST } from "../../../core/security/roles";

// The guest role (GUEST_ROLE_NAME, ADR 0018): a guest's rights are exactly the pairs of that role (within the
// guest ceiling), the built-in Guest role by default; /api/v1/me/roles/ answers them; an admin's change of the
// role's pairs changes what every guest may do; migration 0014 makes the role in a database that predates it;
// GUEST_ROLE_NAME names another role. Its own Miniflare: the test edits the Guest role and the worker vars.

const testEnv = env as unknown as { DB: D1Database; TEST_MIGRATIONS: D1Migration[] };
const MIGRATION = testEnv.TEST_MIGRATIONS.find((m) => m.name === "0014_guest_role.sql")!;

let admin: ApiClient;
let all: Pair[];
let dataset: number;
let chart: number;
let uuid: string;
let dashboard: number;

const count = { expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" };
const context = (format = "json") => ({ datasource: { id: dataset, type: "table" }, queries: [{ columns: ["gender"], metrics: [count], row_limit: 10 }], result_format: format, result_type: "full" });

beforeAll(async () => {
  admin = await loginAsAdmin();
  all = await pairs(admin);
  dataset = (await exampleDataset(admin, "birth_names")).id;
  dashboard = (await json<{ id: number }>(await admin.post("/api/v1/dashboard/", { dashboard_title: `Guest role ${unique()}` }))).id;
  chart = (await json<{ id: number }>(await admin.post("/api/v1/chart/", {
    slice_name: `Guest role ${unique()}`, viz_type: "table", datasource_id: dataset, datasource_type: "table", dashboards: [dashboard],
    params: JSON.stringify({ viz_type: "table", groupby: ["gender"], metrics: [count] }), query_context: JSON.stringify(context()),
  }))).id;
  uuid = (await json(await admin.post(`/api/v1/dashboard/${dashboard}/embedded`, { allowed_domains: [] }))).result.uuid;
});

async function mint(): Promise<Response> {
  return admin.post("/api/v1/security/guest_token/", { user: { username: `viewer_${unique()}` }, resources: [{ type: "dashboard", id: uuid }], rls: [] });
}
async function guestToken(): Promise<string> {
  const res = await mint();
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ token: string }>(res)).token;
}
const asGuest = (token: string, path: string, body?: unknown) =>
  workerFetch(path, body === undefined ? { headers: { "X-GuestToken": token } } : { method: "POST", headers: { "X-GuestToken": token, "Content-Type": "application/json" }, body: JSON.stringify(body) });

const pairId = (permission: string, view: string) => {
  const found = pairFor(all, permission, view);
  if (!found) throw new Error(`no pair ${permission} on ${view}`);
  return found.id;
};
const setPairs = async (role: number, list: readonly (readonly [string, string])[]) => {
  const res = await admin.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: list.map(([p, v]) => pairId(p, v)) });
  expect(res.status, await res.clone().text()).toBe(200);
};
const sorted = (list: readonly (readonly [string, string])[]) => [...list].map(([p, v]) => [p, v]).sort((a, b) => (a[1] + a[0]).localeCompare(b[1] + b[0]));
const rolesOf = async (token: string) => (await json<{ result: { roles: Record<string, [string, string][]> } }>(await asGuest(token, "/api/v1/me/roles/"))).result.roles;

test("a guest holds the built-in Guest role's pairs: reads its chart's rows, downloads nothing, and /me/roles/ says so", async () => {
  const token = await guestToken();
  expect(await rolesOf(token)).toEqual({ Guest: sorted(GUEST) });
  expect((await asGuest(token, `/api/v1/chart/${chart}/data/`)).status).toBe(200);
  expect((await asGuest(token, "/api/v1/chart/data", context())).status).toBe(200);
  // no export unless granted: CSV and Excel by every path are refused before the query runs
  for (const path of [`/api/v1/chart/${chart}/data/?format=csv`, `/api/v1/chart/${chart}/data/?format=xlsx`]) {
    const res = await asGuest(token, path);
    expect(res.status, path).toBe(403);
    expect((await json(res)).message).toContain("can_csv");
  }
  expect((await asGuest(token, "/api/v1/chart/data", context("csv"))).status).toBe(403);
  expect((await asGuest(token, `/tptanalytics/explore_json/?csv=true&form_data=${encodeURIComponent(JSON.stringify({ slice_id: chart }))}`)).status).toBe(403);
  // the embedded page offers no download it would refuse
  const page = await json<{ permissions: { canExportData: boolean } }>(await asGuest(token, `/embedded/${uuid}/dashboard`));
  expect(page.permissions.canExportData).toBe(false);
  // no SQL Lab, no saved objects, no log reading, whatever the role
  expect((await asGuest(token, "/api/v1/sqllab/execute/", { database_id: 1, sql: "SELECT 1" })).status).toBe(403);
  expect((await asGuest(token, "/api/v1/log/")).status).toBe(403);
});

test("changing the Guest role's pairs changes what every guest may do, at once", async () => {
  const guestRole = await roleId(admin, "Guest");
  const token = await guestToken();
  try {
    // an admin grants downloads
    await setPairs(guestRole, [...GUEST, ["can_csv", "Superset"]]);
    expect((await rolesOf(token)).Guest).toContainEqual(["can_csv", "Superset"]);
    const csv = await asGuest(token, `/api/v1/chart/${chart}/data/?format=csv`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toMatch(/^gender,n\r?\n/);
    const page = await json<{ permissions: { canExportData: boolean } }>(await asGuest(token, `/embedded/${uuid}/dashboard`));
    expect(page.permissions.canExportData).toBe(true);

    // pairs a guest can never use are not its own, even when the role holds them
    await setPairs(guestRole, [...GUEST, ["can_sqllab", "Superset"], ["can_execute_sql_query", "SQLLab"], ["can_write", "Chart"], ["can_read", "Log"]]);
    expect((await rolesOf(token)).Guest).toEqual(sorted(GUEST));
    expect((await asGuest(token, "/api/v1/log/")).status).toBe(403);

    // an admin takes chart reading away: the guest's chart data is refused
    await setPairs(guestRole, GUEST.filter(([p, v]) => !(p === "can_read" && v === "Chart")));
    expect((await asGuest(token, `/api/v1/chart/${chart}/data/`)).status).toBe(403);
    expect((await asGuest(token, "/api/v1/chart/data", context())).status).toBe(403);

    // a role with no pairs at all grants nothing (there is no fallback set)
    await setPairs(guestRole, []);
    expect(await rolesOf(token)).toEqual({ Guest: [] });
    expect((await asGuest(token, `/api/v1/dashboard/${dashboard}`)).status).toBe(403);
  } finally {
    await setPairs(guestRole, GUEST);
  }
  expect((await asGuest(token, `/api/v1/chart/${chart}/data/`)).status).toBe(200);
});

test("migration 0014 makes the Guest role where it is missing, once, and leaves an admin's own Guest role alone", async () => {
  expect(MIGRATION).toBeDefined();
  const migrate = async () => {
    for (const query of MIGRATION.queries) await testEnv.DB.prepare(query).run();
  };
  const pairsOf = async () => (await testEnv.DB.prepare(`SELECT p.name AS permission, v.name AS view FROM ab_role r
    JOIN ab_permission_view_role pvr ON pvr.role_id = r.id JOIN ab_permission_view pv ON pv.id = pvr.permission_view_id
    JOIN ab_permission p ON p.id = pv.permission_id JOIN ab_view_menu v ON v.id = pv.view_menu_id WHERE r.name = 'Guest'`).all<{ permission: string; view: string }>()).results.map((r) => [r.permission, r.view] as [string, string]);
  expect(sorted(await pairsOf())).toEqual(sorted(GUEST)); // seeded at the first start

  // a database made before the role: none
  await testEnv.DB.prepare("DELETE FROM ab_role WHERE name = 'Guest'").run();
  await migrate();
  await migrate();
  expect(sorted(await pairsOf())).toEqual(sorted(GUEST));
  expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM ab_role WHERE name IN ('Guest', '__guest_role_0014')").first<{ n: number }>())!.n).toBe(1);

  // an admin's own role called Guest keeps its pairs
  const guestRole = await roleId(admin, "Guest");
  await setPairs(guestRole, [["can_read", "Dashboard"]]);
  await migrate();
  expect(await pairsOf()).toEqual([["can_read", "Dashboard"]]);
  await setPairs(guestRole, GUEST);
});

test("GUEST_ROLE_NAME names the guest role: a missing one is refused at minting by name, an existing one's pairs are the guest's", async () => {
  const name = `Embed viewers ${unique()}`;
  useWorkerVars({ GUEST_ROLE_NAME: name });
  const refused = await mint();
  expect(refused.status).toBe(500);
  expect((await json(refused)).message).toContain(`GUEST_ROLE_NAME names no role: "${name}"`);

  const made = await admin.post("/api/v1/security/roles/", { name });
  expect(made.status).toBe(201);
  const role = (await json<{ id: number }>(made)).id;
  await setPairs(role, [["can_read", "Dashboard"], ["can_read", "Chart"], ["can_read", "Dataset"], ["can_csv", "Superset"], ["can_sqllab", "Superset"]]);
  const token = await guestToken();
  expect(await rolesOf(token)).toEqual({ [name]: sorted([["can_read", "Dashboard"], ["can_read", "Chart"], ["can_read", "Dataset"], ["can_csv", "Superset"]]) });
  expect((await asGuest(token, `/api/v1/chart/${chart}/data/?format=csv`)).status).toBe(200);
  // the Admin role is never a guest's
  useWorkerVars({ GUEST_ROLE_NAME: "Admin" });
  expect((await mint()).status).toBe(500);
  expect((await asGuest(token, `/api/v1/chart/${chart}/data/`)).status).toBe(401);
});
