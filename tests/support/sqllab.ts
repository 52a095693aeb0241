import { expect } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { loginAs, type ApiClient } from "./client";

// Helpers shared by the tests/integration/sqllab-*.test.ts files.

export async function examplesId(api: ApiClient): Promise<number> {
  const body = (await (await api.get("/api/v1/sqllab/")).json()) as { result: { databases: Record<string, { id: number; database_name: string }> } };
  const db = Object.values(body.result.databases).find((d) => d.database_name === "examples");
  if (!db) throw new Error("the examples database is not registered");
  return db.id;
}

/** A new user holding only the given built-in roles (sql_lab by default), logged in. */
export async function userWithRoles(admin: ApiClient, roleNames: string[] = ["sql_lab"]): Promise<ApiClient & { id: number; username: string; password: string }> {
  const ids: number[] = [];
  for (const name of roleNames) {
    const q = encodeRison({ filters: [{ col: "name", opr: "eq", value: name }] });
    const body = (await (await admin.get(`/api/v1/security/roles/?q=${q}`)).json()) as { result: { id: number }[] };
    expect(body.result).toHaveLength(1);
    ids.push(body.result[0].id);
  }
  const username = `sqllab_${Math.random().toString(36).slice(2, 9)}`;
  const password = `pw-${Math.random().toString(36).slice(2)}-x`;
  const res = await admin.post("/api/v1/security/users/", { username, first_name: "Sql", last_name: "Lab", email: `${username}@example.com`, password, roles: ids });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { id: number }).id;
  return Object.assign(await loginAs(username, password), { id, username, password });
}

/** Superset's legacy views take form posts whose values are JSON text. */
export function formPost(api: ApiClient, path: string, fields: Record<string, unknown>, method = "POST"): Promise<Response> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) form.set(k, JSON.stringify(v));
  return api.raw(path, { method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
}

/** An 11-character client id as the browser makes them. */
export const newClientId = () => Math.random().toString(36).slice(2, 13).padEnd(11, "x");
