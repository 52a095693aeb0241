import { beforeAll, expect, inject, test } from "vitest";
import { datasourcePermName } from "../../core/security/permissions";
import { browserSession, loginAs, loginAsAdmin, workerFetch, type ApiClient } from "../support/client";
import { exampleDataset, gammaUser, json, pairFor, pairs, unique, type Pair } from "../support/access";

// The Dashboards list page (/dashboard/list/) as the server renders it for different users: the address's
// filters and sort reach the list query (DashboardAccessFilter applied), and edit/delete/bulk select appear
// only where the user may act.

let admin: ApiClient;
let birthNames: { id: number; database: { database_name: string } };
let all: Pair[];

beforeAll(async () => {
  admin = await loginAsAdmin();
  birthNames = await exampleDataset(admin, "birth_names");
  all = await pairs(admin);
});

/** A Gamma user with extra permission pairs, signed in both as a browser (cookie) and through the API. */
async function userWith(extra: string[][]) {
  const user = await gammaUser(admin, extra.map(([perm, view]) => pairFor(all, perm, view)!.id));
  return { ...(await browserSession(user.username, user.password)), api: await loginAs(user.username, user.password), id: user.id };
}

const makeDashboard = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post("/api/v1/dashboard/", body);
  expect(res.status).toBe(201);
  return (await json(res)).id as number;
};

/** The server-rendered page: the dashboards' titles in order, the count, and the page's markup. */
async function listPage(cookie: string, search: string) {
  const res = await workerFetch(`/dashboard/list/?${search}`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const titles = [...html.matchAll(/data-testid="dashboard-row"[^>]*data-dashboard-title="([^"]*)"/g)].map((m) => m[1]);
  const count = Number(/data-testid="dashboard-count"[^>]*>(\d+) dashboard/.exec(html)?.[1]);
  return { html, titles, count };
}

test("the address's filters and sort reach the list, and the page renders them", async () => {
  const tag = unique();
  const a = await makeDashboard(admin, { dashboard_title: `${tag} a`, published: true });
  const b = await makeDashboard(admin, { dashboard_title: `${tag} b`, slug: `${tag}-bee`, published: false });
  const c = await makeDashboard(admin, { dashboard_title: `${tag} c`, published: true, certified_by: "Data team" });
  const session = await browserSession(inject("admin").username, inject("admin").password);

  const byTitle = await listPage(session.cookie, `search=${tag}&sort=dashboard_title&order=desc`);
  expect(byTitle.titles).toEqual([`${tag} c`, `${tag} b`, `${tag} a`]);
  expect(byTitle.html).toContain(`data-testid="edit-${a}"`);
  expect(byTitle.html).toContain('aria-sort="descending"');
  expect((await listPage(session.cookie, `search=${tag}&sort=dashboard_title&order=asc`)).titles).toEqual([`${tag} a`, `${tag} b`, `${tag} c`]);
  // drafts sort before published ones ascending, as the column's value does
  expect((await listPage(session.cookie, `search=${tag}&sort=published&order=asc`)).titles[0]).toBe(`${tag} b`);
  expect((await listPage(session.cookie, `search=${tag}&published=false`)).titles).toEqual([`${tag} b`]);
  expect((await listPage(session.cookie, `search=${tag}&certified=true`)).titles).toEqual([`${tag} c`]);
  // the search matches the slug too
  expect((await listPage(session.cookie, `search=${tag}-bee`)).titles).toEqual([`${tag} b`]);
  // unusable values in the address are ignored rather than failing the page
  expect((await listPage(session.cookie, `search=${tag}&owner=abc&published=maybe&sort=password&page=-1`)).count).toBe(3);

  const { html } = await listPage(session.cookie, `search=${tag}&view=card`);
  expect(html).toContain('data-testid="dashboard-cards"');
  expect(html).toContain(`${tag} a`);
  expect(html).toContain('data-testid="bulk-select"');
  expect(html).toContain('data-testid="bundle-import"');
  await admin.delete(`/api/v1/dashboard/?q=${encodeURIComponent(`!(${a},${b},${c})`)}`);
});

test("edit and delete show only on dashboards the user owns; drafts of others stay hidden; no bulk select without can_write", async () => {
  const tag = unique();
  const view = datasourcePermName(birthNames.database.database_name, "birth_names", birthNames.id);
  const editor = await userWith([["datasource_access", view], ["can_write", "Dashboard"]]);
  const theirs = await makeDashboard(admin, { dashboard_title: `${tag} by admin`, published: true });
  const chart = (await json(await admin.post("/api/v1/chart/", {
    slice_name: `${tag} chart`, viz_type: "table", datasource_id: birthNames.id, datasource_type: "table", params: "{}", dashboards: [theirs],
  }))).id as number;
  const hiddenDraft = await makeDashboard(admin, { dashboard_title: `${tag} admin draft`, published: false });
  const mine = await makeDashboard(editor.api, { dashboard_title: `${tag} mine`, published: false });

  const { titles, html } = await listPage(editor.cookie, `search=${tag}&sort=dashboard_title&order=asc`);
  expect(titles).toEqual([`${tag} by admin`, `${tag} mine`]);
  expect(html).toContain(`data-testid="edit-${mine}"`);
  expect(html).toContain(`data-testid="delete-${mine}"`);
  expect(html).not.toContain(`data-testid="edit-${theirs}"`);
  expect(html).not.toContain(`data-testid="delete-${theirs}"`);
  expect(html).toContain('data-testid="bulk-select"');
  expect((await listPage(editor.cookie, `search=${tag}&owner=${editor.id}`)).titles).toEqual([`${tag} mine`]);

  const reader = await userWith([["datasource_access", view]]);
  const { html: readerHtml, titles: readerTitles } = await listPage(reader.cookie, `search=${tag}`);
  expect(readerTitles).toEqual([`${tag} by admin`]);
  expect(readerHtml).not.toContain('data-testid="bulk-select"');
  expect(readerHtml).not.toContain('data-testid="bundle-import"');
  expect(readerHtml).not.toContain('data-testid="edit-');
  expect(readerHtml).toContain(`data-testid="favorite-${theirs}"`);
  await admin.delete(`/api/v1/chart/?q=${encodeURIComponent(`!(${chart})`)}`);
  await admin.delete(`/api/v1/dashboard/?q=${encodeURIComponent(`!(${theirs},${hiddenDraft},${mine})`)}`);
});
