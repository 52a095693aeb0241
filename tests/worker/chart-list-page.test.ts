import { beforeAll, expect, inject, test } from "vitest";
import { datasourcePermName } from "../../core/security/permissions";
import { browserSession, loginAs, loginAsAdmin, workerFetch, type ApiClient } from "../support/client";
import { exampleDataset, gammaUser, json, pairFor, pairs, unique, type Pair } from "../support/access";

// The Charts list page (/chart/list/) as the server renders it for different users: the address's
// filters and sort reach the list query, and edit/delete/bulk select appear only where the user may act.

let admin: ApiClient;
let birthNames: { id: number; database: { database_name: string } };
let all: Pair[];

beforeAll(async () => {
  admin = await loginAsAdmin();
  birthNames = await exampleDataset(admin, "birth_names");
  all = await pairs(admin);
});

/** A Gamma user with extra permission pairs, signed in as a browser (cookie session). */
async function sessionWith(extra: string[][]) {
  const { username, password } = await gammaUser(admin, extra.map(([perm, view]) => pairFor(all, perm, view)!.id));
  return { ...(await browserSession(username, password)), username, password };
}

const makeChart = async (client: ApiClient, slice_name: string, viz_type = "table") =>
  (await json(await client.post("/api/v1/chart/", { slice_name, viz_type, datasource_id: birthNames.id, datasource_type: "table", params: "{}" }))).id as number;

/** The server-rendered page: the charts' names in order, the count, and the page's markup. */
async function listPage(cookie: string, search: string) {
  const res = await workerFetch(`/chart/list/?${search}`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const names = [...html.matchAll(/data-testid="chart-row" data-chart-name="([^"]*)"/g)].map((m) => m[1]);
  const count = Number(/data-testid="chart-count"[^>]*>(\d+) chart/.exec(html)?.[1]);
  return { html, names, count };
}

test("the address's filters and sort reach the list, and the page renders them", async () => {
  const tag = unique();
  const a = await makeChart(admin, `${tag} a`, "pie");
  const b = await makeChart(admin, `${tag} b`);
  const session = await browserSession(inject("admin").username, inject("admin").password);

  const byName = await listPage(session.cookie, `search=${tag}&sort=slice_name&order=desc`);
  expect(byName.names).toEqual([`${tag} b`, `${tag} a`]);
  expect(byName.html).toContain(`data-testid="edit-${a}"`);
  expect(byName.html).toContain(`aria-sort="descending"`);
  expect((await listPage(session.cookie, `search=${tag}&viz_type=pie`)).names).toEqual([`${tag} a`]);
  // unusable values in the address are ignored rather than failing the page
  expect((await listPage(session.cookie, `search=${tag}&owner=abc&sort=password&page=-1`)).count).toBe(2);

  const { html } = await listPage(session.cookie, `search=${tag}&view=card`);
  expect(html).toContain('data-testid="chart-cards"');
  expect(html).toContain(`${tag} a`);
  expect(html).toContain('data-testid="bulk-select"');
  await admin.delete(`/api/v1/chart/?q=${encodeURIComponent(`!(${a},${b})`)}`);
});

test("edit and delete show only on charts the user owns, and not at all without can_write", async () => {
  const tag = unique();
  const view = datasourcePermName(birthNames.database.database_name, "birth_names", birthNames.id);
  const editor = await sessionWith([["datasource_access", view], ["can_write", "Chart"]]);
  const editorApi = await loginAs(editor.username, editor.password);
  const theirs = await makeChart(admin, `${tag} by admin`);
  const mine = await makeChart(editorApi, `${tag} mine`);

  const { names, html } = await listPage(editor.cookie, `search=${tag}&sort=slice_name&order=asc`);
  expect(names).toEqual([`${tag} by admin`, `${tag} mine`]);
  expect(html).toContain(`data-testid="edit-${mine}"`);
  expect(html).not.toContain(`data-testid="edit-${theirs}"`);
  expect(html).not.toContain(`data-testid="delete-${theirs}"`);

  const reader = await sessionWith([["datasource_access", view]]);
  const { html: readerHtml, count } = await listPage(reader.cookie, `search=${tag}`);
  expect(count).toBe(2);
  expect(readerHtml).not.toContain('data-testid="bulk-select"');
  expect(readerHtml).not.toContain('data-testid="edit-');
  expect(readerHtml).toContain(`data-testid="favorite-${mine}"`);

  // a user who may not read the dataset does not see its charts at all
  const blind = await sessionWith([]);
  expect((await listPage(blind.cookie, `search=${tag}`)).count).toBe(0);
  await admin.delete(`/api/v1/chart/?q=${encodeURIComponent(`!(${theirs},${mine})`)}`);
});

test("the dashboard filter appears only when a dashboard holds a chart the user may see", async () => {
  const { env } = await import("cloudflare:workers");
  const db = (env as unknown as { DB: D1Database }).DB;
  const tag = unique();
  const view = datasourcePermName(birthNames.database.database_name, "birth_names", birthNames.id);
  const reader = await sessionWith([["datasource_access", view]]);
  const blind = await sessionWith([]);
  const title = `Board ${tag}`;
  const board = await db.prepare("INSERT INTO dashboards (uuid, dashboard_title) VALUES (?, ?) RETURNING id").bind(crypto.randomUUID(), title).first<{ id: number }>();
  const onBoard = (await json(await admin.post("/api/v1/chart/", {
    slice_name: `${tag} on board`, viz_type: "table", datasource_id: birthNames.id, datasource_type: "table", params: "{}", dashboards: [board!.id],
  }))).id as number;

  const seen = await listPage(reader.cookie, `search=${tag}&dashboard=${board!.id}`);
  expect(seen.html).toContain('data-testid="chart-filter-dashboard"');
  expect(seen.names).toEqual([`${tag} on board`]);
  expect(seen.html).toContain(title);
  // the blind user's page offers no dashboard whose charts it cannot read, so the title does not leak
  const hidden = await listPage(blind.cookie, "");
  expect(hidden.html).not.toContain(title);
  expect(hidden.html).not.toContain('data-testid="chart-filter-dashboard"');
  await admin.delete(`/api/v1/chart/?q=${encodeURIComponent(`!(${onBoard})`)}`);
});
