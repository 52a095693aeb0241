import { beforeAll, expect, test } from "vitest";
import { loginAs, loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaUser, gammaWith, json, pairFor, pairs, unique, type Pair } from "../support/access";

// Drafts of published dashboards through the real Worker (issue 34): an owner's draft is kept server-side and
// never shown to viewers; publishing replaces the live version in one step and records a revision; a second
// owner publishing over changes made since their draft began gets those changes in words (409) and must ask
// again with overwrite; discarding drops the draft; non-owners and bad input are refused.

let admin: ApiClient;
let all: Pair[];
let chartId: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  all = await pairs(admin);
  const dataset = await exampleDataset(admin, "birth_names");
  const made = await admin.post("/api/v1/chart/", { slice_name: `Draft chart ${unique()}`, viz_type: "table", datasource_id: dataset.id, datasource_type: "table", params: "{}" });
  chartId = ((await made.json()) as { id: number }).id;
});

async function ok(res: Response, status = 200) {
  expect(res.status, await res.clone().text()).toBe(status);
  return json(res);
}

const dataAccess = () => pairFor(all, "all_datasource_access", "all_datasource_access")!.id;
const dashboardPairs = () => [pairFor(all, "can_read", "Dashboard")!.id, pairFor(all, "can_write", "Dashboard")!.id, dataAccess()];

/** A published dashboard with one chart, so readers with data access see it (an empty one is shown to its owners only). */
async function publishedDashboard(title: string, owners: number[] = []) {
  const layout = {
    ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["GRID_ID"] },
    GRID_ID: { id: "GRID_ID", type: "GRID", children: ["ROW-1"], parents: ["ROOT_ID"] },
    "ROW-1": { id: "ROW-1", type: "ROW", children: ["CHART-1"], parents: ["ROOT_ID", "GRID_ID"], meta: {} },
    "CHART-1": { id: "CHART-1", type: "CHART", children: [], parents: ["ROOT_ID", "GRID_ID", "ROW-1"], meta: { chartId, width: 4, height: 50 } },
  };
  const body = { dashboard_title: title, published: true, css: "", position_json: JSON.stringify(layout), ...(owners.length ? { owners } : {}) };
  return (await ok(await admin.post("/api/v1/dashboard/", body), 201)).id as number;
}

test("a draft is the owner's alone until published; publishing replaces the live version as one revision and drops the draft", async () => {
  const label = unique();
  const dash = await publishedDashboard(`Live ${label}`);
  const viewer = await gammaWith(admin, [pairFor(all, "can_read", "Dashboard")!.id, dataAccess()]);
  expect((await admin.get(`/api/v1/dashboard/${dash}/draft`)).status).toBe(404);

  const saved = await ok(await admin.put(`/api/v1/dashboard/${dash}/draft`, { dashboard_title: `Draft ${label}` }));
  expect(saved.result).toMatchObject({ base_revision: 1, live_revision: 1, live_changed: false });
  expect(saved.result.diff.map((d: { text: string }) => d.text)).toEqual([`Title: "Live ${label}" → "Draft ${label}"`]);
  await ok(await admin.put(`/api/v1/dashboard/${dash}/draft`, { css: ".a { color: red; }" }));
  // a reload (or another device) reads the same draft, both edits in it
  const again = await ok(await admin.get(`/api/v1/dashboard/${dash}/draft`));
  expect(again.result.state).toMatchObject({ dashboard_title: `Draft ${label}`, css: ".a { color: red; }" });

  // viewers see the live version and cannot read the draft
  expect((await ok(await viewer.get(`/api/v1/dashboard/${dash}`))).result.dashboard_title).toBe(`Live ${label}`);
  expect((await viewer.get(`/api/v1/dashboard/${dash}/draft`)).status).toBe(403);
  expect((await ok(await admin.get(`/api/v1/dashboard/${dash}`))).result.dashboard_title).toBe(`Live ${label}`);

  const published = await ok(await admin.post(`/api/v1/dashboard/${dash}/draft/publish`, { revision_message: "new look" }));
  expect(published.result.published_revision).toBe(2);
  expect((await ok(await viewer.get(`/api/v1/dashboard/${dash}`))).result).toMatchObject({ dashboard_title: `Draft ${label}`, css: ".a { color: red; }" });
  expect((await admin.get(`/api/v1/dashboard/${dash}/draft`)).status).toBe(404);
  const history = await ok(await admin.get(`/api/v1/dashboard/${dash}/revisions`));
  expect(history.result.map((r: { message: string | null }) => r.message)).toEqual(["new look", null]);
});

test("the second owner's publish shows the first one's changes and asks; overwrite publishes; discard drops a draft", async () => {
  const label = unique();
  const second = await gammaUser(admin, dashboardPairs());
  const other = await loginAs(second.username, second.password);
  const me = (await ok(await admin.get("/api/v1/me/"))).result.id as number;
  const dash = await publishedDashboard(`Shared ${label}`, [me, second.id]);

  await ok(await admin.put(`/api/v1/dashboard/${dash}/draft`, { dashboard_title: `First ${label}` }));
  await ok(await other.put(`/api/v1/dashboard/${dash}/draft`, { css: "body { margin: 0; }" }));
  await ok(await admin.post(`/api/v1/dashboard/${dash}/draft/publish`, {}));

  const refused = await other.post(`/api/v1/dashboard/${dash}/draft/publish`, {});
  expect(refused.status).toBe(409);
  const body = await json(refused);
  expect(body.message).toMatch(/changed since your draft began/);
  const extra = body.errors[0].extra;
  expect(extra).toMatchObject({ base_revision: 1, live_revision: 2 });
  expect(extra.changes.map((d: { text: string }) => d.text)).toEqual([`Title: "Shared ${label}" → "First ${label}"`]);
  expect((await ok(await other.get(`/api/v1/dashboard/${dash}/draft`))).result.live_changed).toBe(true);

  await ok(await other.post(`/api/v1/dashboard/${dash}/draft/publish`, { overwrite: true }));
  // the second draft held the title as it was when it began: publishing it replaces the first one's title
  expect((await ok(await admin.get(`/api/v1/dashboard/${dash}`))).result).toMatchObject({ dashboard_title: `Shared ${label}`, css: "body { margin: 0; }" });

  await ok(await admin.put(`/api/v1/dashboard/${dash}/draft`, { dashboard_title: "Never" }));
  await ok(await admin.delete(`/api/v1/dashboard/${dash}/draft`));
  expect((await admin.get(`/api/v1/dashboard/${dash}/draft`)).status).toBe(404);
  expect((await admin.delete(`/api/v1/dashboard/${dash}/draft`)).status).toBe(404);
  expect((await ok(await admin.get(`/api/v1/dashboard/${dash}`))).result.dashboard_title).toBe(`Shared ${label}`);
});

test("drafts refuse non-owners, unpublished dashboards and bad input, writing nothing", async () => {
  const label = unique();
  const dash = await publishedDashboard(`Guarded ${label}`);
  const writer = await gammaWith(admin, dashboardPairs());
  const noWrite = await gammaWith(admin, [pairFor(all, "can_read", "Dashboard")!.id, dataAccess()]);
  expect((await writer.put(`/api/v1/dashboard/${dash}/draft`, { dashboard_title: "mine" })).status).toBe(403);
  expect((await noWrite.put(`/api/v1/dashboard/${dash}/draft`, { dashboard_title: "mine" })).status).toBe(403);
  expect((await writer.post(`/api/v1/dashboard/${dash}/draft/publish`, {})).status).toBe(403);

  const unknownField = await admin.put(`/api/v1/dashboard/${dash}/draft`, { owners: [1], published: false });
  expect(unknownField.status).toBe(400);
  expect((await json(unknownField)).message).toMatch(/not: owners, published/);
  expect((await admin.put(`/api/v1/dashboard/${dash}/draft`, { position_json: "{not json" })).status).toBe(400);
  expect((await admin.put(`/api/v1/dashboard/${dash}/draft`, [])).status).toBe(400);
  expect((await admin.get(`/api/v1/dashboard/${dash}/draft`)).status).toBe(404);
  expect((await admin.post(`/api/v1/dashboard/${dash}/draft/publish`, {})).status).toBe(404);

  await ok(await admin.put(`/api/v1/dashboard/${dash}/draft`, { dashboard_title: "ok" }));
  expect((await admin.post(`/api/v1/dashboard/${dash}/draft/publish`, { overwrite: "yes" })).status).toBe(400);
  expect((await admin.get(`/api/v1/dashboard/999999999/draft`)).status).toBe(404);

  const unpublished = (await ok(await admin.post("/api/v1/dashboard/", { dashboard_title: `Hidden ${label}` }), 201)).id;
  const refused = await admin.put(`/api/v1/dashboard/${unpublished}/draft`, { dashboard_title: "x" });
  expect(refused.status).toBe(400);
  expect((await json(refused)).message).toMatch(/Only a published dashboard/);
  expect((await ok(await admin.get(`/api/v1/dashboard/${dash}/revisions`))).count).toBe(1);
});
