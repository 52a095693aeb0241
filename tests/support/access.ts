import { expect } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { loginAs, type ApiClient } from "./client";

// Users with chosen rights for integration tests: a Gamma user plus a fresh role holding exact permission
// pairs, made through the security admin API as an admin would.

export const unique = () => Math.random().toString(36).slice(2, 10);
export const q = (value: unknown) => encodeURIComponent(encodeRison(value));

export interface Pair { id: number; permission: { name: string }; view_menu: { name: string } }
export interface ListBody { count: number; result: { id: number; table_name: string; database: { id: number; database_name: string } }[] }

/**
 * Every row of a list endpoint, page after page: a page holds at most 100 rows (FAB_API_MAX_PAGE_SIZE, as
 * Superset), so a list wanted whole is read as Superset's own frontend reads one.
 */
export async function listAll<T = any>(client: ApiClient, path: string, query: Record<string, unknown> = {}): Promise<T[]> {
  const out: T[] = [];
  for (let page = 0; ; page++) {
    const res = await client.get(`${path}?q=${q({ ...query, page, page_size: 100 })}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { count: number; result: T[] };
    out.push(...body.result);
    if (body.result.length < 100 || out.length >= body.count) return out;
  }
}

export async function pairs(admin: ApiClient): Promise<Pair[]> {
  return listAll<Pair>(admin, "/api/v1/security/permissions-resources/");
}

export const pairFor = (all: Pair[], permission: string, view: string) => all.find((p) => p.permission.name === permission && p.view_menu.name === view);

export async function roleId(admin: ApiClient, name: string): Promise<number> {
  const res = await admin.get(`/api/v1/security/roles/?q=${q({ filters: [{ col: "name", opr: "eq", value: name }] })}`);
  return ((await res.json()) as { result: { id: number }[] }).result[0].id;
}

/** A new user with Gamma and a fresh role holding exactly these permission pairs: its name, password and id. */
export async function gammaUser(admin: ApiClient, pairIds: number[]): Promise<{ username: string; password: string; id: number }> {
  const role = await admin.post("/api/v1/security/roles/", { name: `readers_${unique()}` });
  expect(role.status).toBe(201);
  const { id } = (await role.json()) as { id: number };
  expect((await admin.post(`/api/v1/security/roles/${id}/permissions`, { permission_view_menu_ids: pairIds })).status).toBe(200);
  const username = `reader_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", {
    username, first_name: "Data", last_name: "Reader", email: `${username}@example.com`, password, roles: [await roleId(admin, "Gamma"), id],
  });
  expect(made.status).toBe(201);
  return { username, password, id: ((await made.json()) as { id: number }).id };
}

/** The same user, signed in through the API. */
export async function gammaWith(admin: ApiClient, pairIds: number[]): Promise<ApiClient> {
  const { username, password } = await gammaUser(admin, pairIds);
  return loginAs(username, password);
}


export async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** One of the generated example datasets (birth_names …) as the dataset list shows it. */
export async function exampleDataset(admin: ApiClient, tableName: string): Promise<ListBody["result"][number]> {
  const all = await listAll<ListBody["result"][number]>(admin, "/api/v1/dataset/");
  const found = all.find((d) => d.table_name === tableName && d.database.database_name === "examples");
  if (!found) throw new Error(`the example dataset ${tableName} is missing`);
  return found;
}
