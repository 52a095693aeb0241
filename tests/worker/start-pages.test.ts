import { expect, inject, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { workerFetch, browserSession, loginAsAdmin, type ApiClient } from "../support/client";

// Starting a chart or a dashboard: /dashboard/new/ makes an empty dashboard owned by the caller and opens it in
// edit mode; /chart/add and /dashboard/new/ and the lists' "+" buttons need can_write (Gamma has only can_read).

const unique = () => Math.random().toString(36).slice(2, 8);

async function gammaSession(admin: ApiClient) {
  const roles = (await (await admin.get(`/api/v1/security/roles/?q=${encodeRison({ filters: [{ col: "name", opr: "eq", value: "Gamma" }] })}`)).json()) as { result: { id: number }[] };
  const username = `start_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const res = await admin.post("/api/v1/security/users/", { username, password, first_name: "Start", last_name: "Gamma", email: `${username}@example.com`, roles: [roles.result[0].id] });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, session: await browserSession(username, password) };
}

const get = (session: { cookie: string }, path: string) => workerFetch(path, { headers: { Cookie: session.cookie }, redirect: "manual" });

test("/dashboard/new/ creates an empty '[ untitled dashboard ]' owned by the caller and redirects to it in edit mode", async () => {
  const admin = await loginAsAdmin();
  const session = await browserSession(inject("admin").username, inject("admin").password);
  const res = await get(session, "/dashboard/new/");
  expect(res.status).toBe(302);
  const id = Number(/^\/superset\/dashboard\/(\d+)\/\?edit=true$/.exec(res.headers.get("location") ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  const detail = (await (await admin.get(`/api/v1/dashboard/${id}`)).json()) as { result: { dashboard_title: string; owners: { id: number }[]; published: boolean; charts: unknown[] } };
  expect(detail.result.dashboard_title).toBe("[ untitled dashboard ]");
  const me = (await (await admin.get("/api/v1/me/")).json()) as { result: { id: number } };
  expect(detail.result.owners.map((o) => o.id)).toEqual([me.result.id]);
  expect(detail.result.published).toBe(false);
  expect((await admin.delete(`/api/v1/dashboard/${id}`)).status).toBe(200);

  const add = await get(session, "/chart/add");
  expect(add.status).toBe(200);
  expect(await add.text()).toContain("Create new chart");
  expect(await (await get(session, "/chart/list/")).text()).toContain("+ Chart");
  expect(await (await get(session, "/dashboard/list/")).text()).toContain("+ Dashboard");
});

test("without can_write the start pages answer 403, create nothing, and the lists offer no '+' buttons", async () => {
  const admin = await loginAsAdmin();
  const { id, session: gamma } = await gammaSession(admin);
  expect((await get(gamma, "/dashboard/new/")).status).toBe(403);
  expect((await get(gamma, "/chart/add")).status).toBe(403);
  const made = await admin.get(`/api/v1/dashboard/?q=${encodeRison({ filters: [{ col: "created_by", opr: "rel_o_m", value: id }] })}`);
  expect(((await made.json()) as { count: number }).count).toBe(0);
  const charts = await get(gamma, "/chart/list/");
  expect(charts.status).toBe(200);
  // the page's own text, not its data: the language catalog in the page's scripts holds every string
  const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");
  expect(shown(await charts.text())).not.toContain("+ Chart");
  const dashboards = await get(gamma, "/dashboard/list/");
  expect(dashboards.status).toBe(200);
  expect(shown(await dashboards.text())).not.toContain("+ Dashboard");
});
