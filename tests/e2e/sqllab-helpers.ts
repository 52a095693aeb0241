import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { admin } from "./helpers";

// Shared steps of the SQL Lab journeys: open the screen, type into Monaco, add a tab, and (through the API,
// as admin) make a user with the sql_lab role plus data access on chosen databases.

export async function openSqlLab(page: Page, path = "/sqllab/") {
  await page.goto(path);
  await expect(page.getByTestId("editor-tab").first()).toBeVisible();
  await expect(page.locator(".monaco-editor").first()).toBeVisible({ timeout: 20_000 });
}

export async function typeSql(page: Page, sql: string) {
  await expect(page.locator(".monaco-editor textarea").first()).toBeAttached({ timeout: 20_000 });
  await page.locator(".monaco-editor .view-lines").first().click();
  await expect(page.locator(".monaco-editor.focused")).toHaveCount(1);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.type(sql, { delay: 10 });
}

/** Adds a tab and waits until the server has given it its id and it is shown. */
export async function addTab(page: Page) {
  const before = await page.getByTestId("editor-tab").count();
  await page.getByTestId("add-tab").click();
  await expect(page.getByTestId("editor-tab")).toHaveCount(before + 1);
  return before + 1;
}

export const unique = () => Math.random().toString(36).slice(2, 10);

/** An API client with a bearer token, for setup steps a journey does not exercise itself. */
export async function apiAs(username: string, password: string): Promise<APIRequestContext> {
  const baseURL = process.env.E2E_BASE_URL!;
  const anon = await playwrightRequest.newContext({ baseURL });
  const res = await anon.post("/api/v1/security/login", { data: { username, password, provider: "db" } });
  expect(res.ok(), await res.text()).toBe(true);
  const token = ((await res.json()) as { access_token: string }).access_token;
  await anon.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
}

const rison = (v: string) => encodeURIComponent(v);

async function json<T>(res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  if (!res.ok()) throw new Error(`${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface SqlLabUser {
  username: string;
  password: string;
  examplesId: number;
  postgres: { id: number; name: string };
}

/**
 * As admin: registers the local PostgreSQL (asynchronous runs on), then a role granting database_access on it
 * and on examples, and a user holding sql_lab plus that role — what a real analyst would be given.
 */
export async function makeSqlLabUser(): Promise<SqlLabUser> {
  const api = await apiAs(admin().username, admin().password);
  const u = unique();
  const pgName = `pg_${u}`;
  const pg = await json<{ id: number }>(
    await api.post("/api/v1/database/", {
      data: { database_name: pgName, sqlalchemy_uri: "postgresql://postgres@127.0.0.1:5432/test", allow_run_async: true, expose_in_sqllab: true },
    }),
  );
  // POST /api/v1/database/ does not create the database's database_access pair (only first start and
  // dataset creation do, db/security/data-access-permissions.ts): a virtual dataset on it makes the pair grantable.
  await json(await api.post("/api/v1/dataset/", { data: { database: pg.id, schema: "public", table_name: `grant_${u}`, sql: "SELECT 1 AS one" } }));
  const dbs = await json<{ result: { id: number; database_name: string }[] }>(await api.get(`/api/v1/database/?q=${rison("(page_size:100)")}`));
  const examplesId = dbs.result.find((d) => d.database_name === "examples")!.id;
  type Pair = { id: number; permission: { name: string }; view_menu: { name: string } };
  const pairs: Pair[] = [];
  for (let page = 0; ; page++) {
    const got = await json<{ count: number; result: Pair[] }>(
      await api.get(`/api/v1/security/permissions-resources/?q=${rison(`(page:${page},page_size:1000,order_column:id,order_direction:desc)`)}`),
    );
    pairs.push(...got.result);
    if (!got.result.length || pairs.length >= got.count) break;
  }
  const grant = (view: string) => {
    const pair = pairs.find((p) => p.permission.name === "database_access" && p.view_menu.name === view);
    if (!pair) throw new Error(`no database_access pair for ${view}`);
    return pair.id;
  };
  const role = await json<{ id: number }>(await api.post("/api/v1/security/roles/", { data: { name: `sqllab_data_${u}` } }));
  await json(await api.post(`/api/v1/security/roles/${role.id}/permissions`, {
    data: { permission_view_menu_ids: [grant(`[examples].(id:${examplesId})`), grant(`[${pgName}].(id:${pg.id})`)] },
  }));
  const roles = await json<{ result: { id: number; name: string }[] }>(await api.get(`/api/v1/security/roles/?q=${rison("(page_size:100)")}`));
  const sqlLabRole = roles.result.find((r) => r.name === "sql_lab")!.id;
  const username = `analyst_${u}`;
  const password = `pw-${u}-${unique()}`;
  await json(await api.post("/api/v1/security/users/", {
    data: { username, first_name: "Ana", last_name: `Lyst ${u}`, email: `${username}@example.com`, password, roles: [sqlLabRole, role.id] },
  }));
  await api.dispose();
  return { username, password, examplesId, postgres: { id: pg.id, name: pgName } };
}

/**
 * As admin: a second user with the Admin role, for a journey that leaves SQL Lab state behind. SQL Lab keeps each
 * user's open tabs on the server and a new tab takes the active tab's database, so a journey that points the shared
 * admin's tab at its own database would change what every later admin journey starts from.
 */
export async function makeAdminUser(): Promise<{ username: string; password: string }> {
  const api = await apiAs(admin().username, admin().password);
  const roles = await json<{ result: { id: number; name: string }[] }>(await api.get(`/api/v1/security/roles/?q=${rison("(page_size:100)")}`));
  const adminRole = roles.result.find((r) => r.name === "Admin")!.id;
  const u = unique();
  const username = `admin_${u}`;
  const password = `pw-${u}-${unique()}`;
  await json(await api.post("/api/v1/security/users/", {
    data: { username, first_name: "Second", last_name: `Admin ${u}`, email: `${username}@example.com`, password, roles: [adminRole] },
  }));
  await api.dispose();
  return { username, password };
}

/** Picks a database in the left bar of the active tab. */
export async function chooseDatabase(page: Page, name: string) {
  await page.getByTestId("database-select").click();
  await page.getByRole("option", { name, exact: true }).click();
  await expect(page.getByTestId("database-select")).toHaveValue(name);
}
