import { beforeAll, expect, inject, test } from "vitest";
import { browserSession, loginAs, loginAsAdmin, workerFetch, type ApiClient } from "../support/client";
import { gammaUser, json, unique } from "../support/access";

// Superset's dashboard permalinks through the real Worker: POST /api/v1/dashboard/{pk}/permalink keeps the data
// mask, active tabs, anchor and URL parameters; GET /api/v1/dashboard/permalink/{key} and the page
// /superset/dashboard/p/{key}/ answer them only to someone who can see the dashboard (a link grants nothing).

let admin: ApiClient;
beforeAll(async () => {
  admin = await loginAsAdmin();
});

const mask = { "NATIVE_FILTER-abc": { id: "NATIVE_FILTER-abc", extraFormData: { filters: [{ col: "gender", op: "IN", val: ["girl"] }] }, filterState: { value: ["girl"] } } };
const state = { dataMask: mask, activeTabs: ["TAB-x"], anchor: "CHART-abc", urlParams: [["standalone", "1"]] };

async function dashboard(body: Record<string, unknown> = {}): Promise<{ id: number; slug: string }> {
  const slug = `perma-${unique()}`;
  const res = await admin.post("/api/v1/dashboard/", { dashboard_title: `Permalink ${slug}`, slug, ...body });
  expect(res.status).toBe(201);
  return { id: (await json(res)).id, slug };
}

test("a permalink stores the dashboard's state and answers it by key, by id or slug", async () => {
  const d = await dashboard();
  const posted = await admin.post(`/api/v1/dashboard/${d.slug}/permalink`, state);
  expect(posted.status).toBe(201);
  const { key, url } = await json(posted);
  expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(url).toMatch(new RegExp(`/superset/dashboard/p/${key}/$`));
  expect(await json(await admin.get(`/api/v1/dashboard/permalink/${key}`))).toEqual({ dashboardId: String(d.id), state });

  // an empty body is a permalink of the dashboard as it is
  const plain = await json(await admin.post(`/api/v1/dashboard/${d.id}/permalink`, {}));
  expect((await json(await admin.get(`/api/v1/dashboard/permalink/${plain.key}`))).state).toEqual({ dataMask: null, activeTabs: null, anchor: null, urlParams: null });
});

test("bad bodies are 400s with field errors; unknown keys and dashboards are 404s", async () => {
  const d = await dashboard();
  const bad = await admin.post(`/api/v1/dashboard/${d.id}/permalink`, { dataMask: [1], activeTabs: "TAB-x", extra: true });
  expect(bad.status).toBe(400);
  expect((await json(bad)).message).toEqual({ dataMask: ["Not a valid mapping type."], activeTabs: ["Not a valid list of strings."], extra: ["Unknown field."] });
  expect((await admin.post(`/api/v1/dashboard/${d.id}/permalink`, [1])).status).toBe(400);
  expect((await admin.post("/api/v1/dashboard/99999999/permalink", state)).status).toBe(404);
  expect((await admin.get("/api/v1/dashboard/permalink/doesNotExist123")).status).toBe(404);
  expect((await admin.get("/api/v1/dashboard/permalink/x")).status).toBe(404);
});

test("a permalink grants no access: a user who cannot see the dashboard gets 404 from the API and the page", async () => {
  const hidden = await dashboard(); // a draft with no charts, owned by the admin: invisible to Gamma users
  const { key } = await json(await admin.post(`/api/v1/dashboard/${hidden.id}/permalink`, state));
  const user = await gammaUser(admin, []);
  const api = await loginAs(user.username, user.password);
  expect((await api.get(`/api/v1/dashboard/permalink/${key}`)).status).toBe(404);
  expect((await api.post(`/api/v1/dashboard/${hidden.id}/permalink`, state)).status).toBe(404);
  const browser = await browserSession(user.username, user.password);
  const page = await workerFetch(`/superset/dashboard/p/${key}/`, { headers: { Cookie: browser.cookie }, redirect: "manual" });
  expect(page.status).toBe(404);

  // once the user owns a dashboard, its permalinks open for them, in the stored state
  const mine = await dashboard({ owners: [user.id] });
  const link = await json(await api.post(`/api/v1/dashboard/${mine.id}/permalink`, state));
  expect((await json(await api.get(`/api/v1/dashboard/permalink/${link.key}`))).state).toEqual(state);
  const opened = await workerFetch(`/superset/dashboard/p/${link.key}/`, { headers: { Cookie: browser.cookie }, redirect: "manual" });
  expect(opened.status).toBe(302);
  expect(opened.headers.get("location")).toBe(`/superset/dashboard/${mine.slug}/?standalone=1&permalink_key=${link.key}#CHART-abc`);
});

test("the dashboard page opens with the permalink's filters and tabs, and warns about an unknown key", async () => {
  const d = await dashboard();
  const { key } = await json(await admin.post(`/api/v1/dashboard/${d.id}/permalink`, state));
  const session = await browserSession(inject("admin").username, inject("admin").password);
  const html = await (await workerFetch(`/superset/dashboard/${d.id}/?permalink_key=${key}`, { headers: { Cookie: session.cookie } })).text();
  expect(html).toContain("NATIVE_FILTER-abc");
  expect(html).toContain("permalinkTabs");
  const unknown = await workerFetch(`/superset/dashboard/${d.id}/?permalink_key=unknownKey1234`, { headers: { Cookie: session.cookie } });
  expect(unknown.status).toBe(200);
});
