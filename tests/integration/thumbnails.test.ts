import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, pairFor, pairs, q } from "../support/access";
import { datasourcePermName } from "../../core/security/permissions";
import { CHART_EXAMPLES } from "../../core/charts/examples";

// Chart and dashboard thumbnails over HTTP against the real Worker and its render Worker (wrangler dev): the address
// in thumbnail_url answers a PNG drawn from the viewer's rows, an old digest is redirected to the current one, an
// edit changes the digest, a viewer without access to the data gets nothing, and a type the server cannot draw says so.

let admin: ApiClient;

beforeAll(async () => {
  admin = await loginAsAdmin();
});

const PNG = [0x89, 0x50, 0x4e, 0x47];

async function exampleChart(client: ApiClient, vizType: string): Promise<{ id: number; thumbnail_url: string }> {
  const name = CHART_EXAMPLES[vizType].name;
  const list = await json<{ result: { id: number; thumbnail_url: string; viz_type: string }[] }>(
    await client.get(`/api/v1/chart/?q=${q({ filters: [{ col: "slice_name", opr: "eq", value: name }], columns: ["id", "thumbnail_url", "viz_type"] })}`),
  );
  const chart = list.result.find((c) => c.viz_type === vizType);
  expect(chart, `the example chart of ${vizType}`).toBeDefined();
  return chart!;
}

async function png(client: ApiClient, path: string): Promise<Uint8Array> {
  const res = await client.raw(path, { redirect: "manual" });
  expect(res.status, await res.clone().text().catch(() => "")).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  return new Uint8Array(await res.arrayBuffer());
}

test("a chart's thumbnail_url answers its PNG, the same picture again from the cache", async () => {
  const pie = await exampleChart(admin, "pie");
  expect(pie.thumbnail_url).toMatch(new RegExp(`^/api/v1/chart/${pie.id}/thumbnail/[0-9a-f]{32}/$`));
  const detail = await json<{ result: { thumbnail_url: string } }>(await admin.get(`/api/v1/chart/${pie.id}`));
  expect(detail.result.thumbnail_url).toBe(pie.thumbnail_url);
  const first = await png(admin, pie.thumbnail_url);
  expect([...first.slice(0, 4)]).toEqual(PNG);
  expect(first.length).toBeGreaterThan(2000);
  expect(await png(admin, pie.thumbnail_url)).toEqual(first);
  // force draws it again (the same data draws the same picture)
  expect((await png(admin, `${pie.thumbnail_url}?force=true`)).length).toBeGreaterThan(2000);
});

test("an old digest is redirected to the current one, and an edit changes the digest", async () => {
  const bar = await exampleChart(admin, "echarts_timeseries_bar");
  const stale = await admin.raw(`/api/v1/chart/${bar.id}/thumbnail/${"0".repeat(32)}/`, { redirect: "manual" });
  expect(stale.status).toBe(302);
  expect(new URL(stale.headers.get("location")!, "http://x").pathname).toBe(bar.thumbnail_url);

  const before = await json<{ result: { description: string | null } }>(await admin.get(`/api/v1/chart/${bar.id}`));
  expect((await admin.put(`/api/v1/chart/${bar.id}`, { description: `thumbnail test ${Date.now()}` })).status).toBe(200);
  const edited = await exampleChart(admin, "echarts_timeseries_bar");
  expect(edited.thumbnail_url).not.toBe(bar.thumbnail_url);
  const old = await admin.raw(bar.thumbnail_url, { redirect: "manual" });
  expect(old.status).toBe(302);
  expect(new URL(old.headers.get("location")!, "http://x").pathname).toBe(edited.thumbnail_url);
  expect((await admin.put(`/api/v1/chart/${bar.id}`, { description: before.result.description })).status).toBe(200);
});

test("a viewer has a digest of their own, and one without access to the chart's data gets nothing", async () => {
  const sales = await exampleDataset(admin, "cleaned_sales_data");
  const all = await pairs(admin);
  const reader = await gammaWith(admin, [pairFor(all, "datasource_access", datasourcePermName(sales.database.database_name, "cleaned_sales_data", sales.id))!.id]);
  const mine = await exampleChart(admin, "pie");
  const theirs = await exampleChart(reader, "pie");
  expect(theirs.id).toBe(mine.id);
  expect(theirs.thumbnail_url).not.toBe(mine.thumbnail_url);
  expect([...(await png(reader, theirs.thumbnail_url)).slice(0, 4)]).toEqual(PNG);
  // the admin's address, asked by the reader, is the reader's own picture's address
  const asked = await reader.raw(mine.thumbnail_url, { redirect: "manual" });
  expect(asked.status).toBe(302);

  const outsider = await gammaWith(admin, []);
  expect((await outsider.raw(mine.thumbnail_url, { redirect: "manual" })).status).toBe(404);
});

test("a chart type the server cannot draw answers 422 with the reason", async () => {
  const cloud = await exampleChart(admin, "word_cloud");
  const res = await admin.raw(cloud.thumbnail_url, { redirect: "manual" });
  expect(res.status).toBe(422);
  expect(((await res.json()) as { message: string }).message).toMatch(/\w/);
});

test("a dashboard's thumbnail_url answers its PNG; a stale digest is redirected", async () => {
  const list = await json<{ result: { id: number; thumbnail_url: string }[] }>(await admin.get(`/api/v1/dashboard/?q=${q({ page_size: 1, order_column: "id", order_direction: "asc" })}`));
  const dashboard = list.result[0];
  expect(dashboard.thumbnail_url).toMatch(new RegExp(`^/api/v1/dashboard/${dashboard.id}/thumbnail/[0-9a-f]{32}/$`));
  const detail = await json<{ result: { thumbnail_url: string } }>(await admin.get(`/api/v1/dashboard/${dashboard.id}`));
  expect(detail.result.thumbnail_url).toBe(dashboard.thumbnail_url);
  const picture = await png(admin, dashboard.thumbnail_url);
  expect([...picture.slice(0, 4)]).toEqual(PNG);
  expect(picture.length).toBeGreaterThan(5000);
  const stale = await admin.raw(`/api/v1/dashboard/${dashboard.id}/thumbnail/${"f".repeat(32)}/`, { redirect: "manual" });
  expect(stale.status).toBe(302);
});
