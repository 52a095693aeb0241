import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, pairFor, pairs, unique } from "../support/access";

// History of datasets and saved queries through the real Worker (issue 34): every save keeps a revision whose
// diff names the columns, metrics and SQL that changed; `compare_to` diffs any two revisions; a restore keeps
// the columns' ids and is itself a revision; others' objects and bad input are refused without writing.

let admin: ApiClient;
let examplesDb: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  examplesDb = (await exampleDataset(admin, "birth_names")).database.id;
});

const texts = (body: Record<string, any>): string[] => body.result.diff.map((d: { text: string }) => d.text);

async function ok(res: Response, status = 200) {
  expect(res.status, await res.clone().text()).toBe(status);
  return json(res);
}

async function virtualDataset(name: string, sql: string): Promise<number> {
  return (await ok(await admin.post("/api/v1/dataset/", { database: examplesDb, schema: "main", table_name: name, sql }), 201)).id;
}

test("a dataset's saves keep revisions that say which columns, metrics and SQL changed; compare_to spans several; restore keeps column ids", async () => {
  const label = unique();
  const id = await virtualDataset(`hist_${label}`, "SELECT name, num FROM birth_names");
  const detail = (await ok(await admin.get(`/api/v1/dataset/${id}`))).result;
  const num = detail.columns.find((c: { column_name: string }) => c.column_name === "num");
  await ok(await admin.put(`/api/v1/dataset/${id}`, {
    columns: detail.columns.map((c: { id: number; column_name: string }) => ({ id: c.id, column_name: c.column_name, ...(c.id === num.id ? { verbose_name: "Number" } : {}) })),
    metrics: [...detail.metrics.map((m: { id: number; metric_name: string; expression: string }) => ({ id: m.id, metric_name: m.metric_name, expression: m.expression })),
      { metric_name: "total", expression: "SUM(num)" }],
    revision_message: "labels and a total",
  }));
  await ok(await admin.put(`/api/v1/dataset/${id}`, { sql: "SELECT name, num, gender\nFROM birth_names" }));

  const list = await ok(await admin.get(`/api/v1/dataset/${id}/revisions`));
  expect(list.result.map((r: { revision: number; message: string | null }) => [r.revision, r.message])).toEqual([[3, null], [2, "labels and a total"], [1, null]]);
  const [third, second, first] = list.result.map((r: { id: number }) => r.id);
  expect(texts(await ok(await admin.get(`/api/v1/dataset/${id}/revisions/${second}`)))).toEqual(['Column "num": label (none) → "Number"', 'Metric added: "total"']);
  expect(texts(await ok(await admin.get(`/api/v1/dataset/${id}/revisions/${third}`)))).toEqual(["SQL changed (2 lines added, 1 removed)", 'Column added: "gender"']);
  const spanned = await ok(await admin.get(`/api/v1/dataset/${id}/revisions/${third}?compare_to=${first}`));
  expect(spanned.result.compare_to.revision).toBe(1);
  expect(texts(spanned)).toEqual(["SQL changed (2 lines added, 1 removed)", 'Column added: "gender"', 'Column "num": label (none) → "Number"', 'Metric added: "total"']);
  // compared with a newer revision, the diff still reads from old to new
  expect(texts(await ok(await admin.get(`/api/v1/dataset/${id}/revisions/${first}?compare_to=${third}`)))).toEqual(texts(spanned));

  const restored = await ok(await admin.post(`/api/v1/dataset/${id}/revisions/${first}/restore`, { revision_message: "back to the start" }));
  expect(restored.result).toEqual({ restored_revision: 1, not_restored: [] });
  const now = (await ok(await admin.get(`/api/v1/dataset/${id}`))).result;
  expect(now.sql).toBe("SELECT name, num FROM birth_names");
  expect(now.columns.map((c: { column_name: string }) => c.column_name).sort()).toEqual(["name", "num"]);
  expect(now.columns.find((c: { column_name: string }) => c.column_name === "num")).toMatchObject({ id: num.id, verbose_name: null });
  expect(now.metrics.map((m: { metric_name: string }) => m.metric_name)).toEqual(["count"]);
  const after = await ok(await admin.get(`/api/v1/dataset/${id}/revisions`));
  expect(after.result[0]).toMatchObject({ revision: 4, message: "back to the start" });
});

test("dataset revisions refuse bad input and other people: unknown or foreign revision 404, bad compare_to 400, non-owner 403", async () => {
  const label = unique();
  const one = await virtualDataset(`one_${label}`, "SELECT name FROM birth_names");
  const two = await virtualDataset(`two_${label}`, "SELECT num FROM birth_names");
  const oneRev = (await ok(await admin.get(`/api/v1/dataset/${one}/revisions`))).result[0].id;
  const twoRev = (await ok(await admin.get(`/api/v1/dataset/${two}/revisions`))).result[0].id;
  expect((await admin.get(`/api/v1/dataset/${one}/revisions/${twoRev}`)).status).toBe(404);
  expect((await admin.post(`/api/v1/dataset/${one}/revisions/${twoRev}/restore`, {})).status).toBe(404);
  expect((await admin.get(`/api/v1/dataset/${one}/revisions/999999999`)).status).toBe(404);
  expect((await admin.get(`/api/v1/dataset/${one}/revisions/${oneRev}?compare_to=${twoRev}`)).status).toBe(404);
  const bad = await admin.get(`/api/v1/dataset/${one}/revisions/${oneRev}?compare_to=latest`);
  expect(bad.status).toBe(400);
  expect((await json(bad)).message).toMatch(/compare_to/);
  expect((await admin.put(`/api/v1/dataset/${one}`, { description: "x", revision_message: ["no"] })).status).toBe(400);
  expect((await ok(await admin.get(`/api/v1/dataset/${one}/revisions`))).count).toBe(1);

  const all = await pairs(admin);
  const reader = await gammaWith(admin, [pairFor(all, "all_datasource_access", "all_datasource_access")!.id]);
  expect((await ok(await reader.get(`/api/v1/dataset/${one}/revisions`))).count).toBe(1);
  expect([403]).toContain((await reader.post(`/api/v1/dataset/${one}/revisions/${oneRev}/restore`, {})).status);
});

test("a saved query's saves keep revisions (name, SQL, schedule in words), restore brings back the old text, and only its owner sees them", async () => {
  const label = unique();
  const id = (await ok(await admin.post("/api/v1/saved_query/", { db_id: examplesDb, label: `Q ${label}`, sql: "SELECT 1", schema: "main" }), 201)).id;
  await ok(await admin.put(`/api/v1/saved_query/${id}`, {
    label: `Q2 ${label}`, sql: "SELECT 1\nUNION ALL SELECT 2", extra_json: JSON.stringify({ schedule_info: { crontab: "0 6 * * 1" } }), revision_message: "two rows",
  }));
  const list = await ok(await admin.get(`/api/v1/saved_query/${id}/revisions`));
  expect(list.result.map((r: { message: string | null }) => r.message)).toEqual(["two rows", null]);
  expect(texts(await ok(await admin.get(`/api/v1/saved_query/${id}/revisions/${list.result[0].id}`)))).toEqual([
    `Name: "Q ${label}" → "Q2 ${label}"`, "SQL changed (1 line added, 0 removed)", 'Schedule added: "0 6 * * 1"',
  ]);
  await ok(await admin.post(`/api/v1/saved_query/${id}/revisions/${list.result[1].id}/restore`, {}));
  const now = (await ok(await admin.get(`/api/v1/saved_query/${id}`))).result;
  expect(now).toMatchObject({ label: `Q ${label}`, sql: "SELECT 1" });
  expect((await ok(await admin.get(`/api/v1/saved_query/${id}/revisions`))).result[0].message).toBe("Restored revision 1");

  const all = await pairs(admin);
  const other = await gammaWith(admin, [pairFor(all, "can_read", "SavedQuery")!.id, pairFor(all, "can_write", "SavedQuery")!.id]);
  expect((await other.get(`/api/v1/saved_query/${id}/revisions`)).status).toBe(404);
  expect((await other.post(`/api/v1/saved_query/${id}/revisions/${list.result[1].id}/restore`, {})).status).toBe(404);
  const noRead = await gammaWith(admin, []);
  expect((await noRead.get(`/api/v1/saved_query/${id}/revisions`)).status).toBe(403);
});

test("deleting a dataset or saved query drops its revisions", async () => {
  const label = unique();
  const ds = await virtualDataset(`del_${label}`, "SELECT name FROM birth_names");
  const sq = (await ok(await admin.post("/api/v1/saved_query/", { db_id: examplesDb, label: `D ${label}`, sql: "SELECT 1" }), 201)).id;
  await ok(await admin.delete(`/api/v1/dataset/${ds}`));
  await ok(await admin.delete(`/api/v1/saved_query/${sq}`));
  expect((await admin.get(`/api/v1/dataset/${ds}/revisions`)).status).toBe(404);
  expect((await admin.get(`/api/v1/saved_query/${sq}/revisions`)).status).toBe(404);
});

test("deleting one column or metric of a dataset keeps a revision that says so, and restoring the one before brings it back", async () => {
  const label = unique();
  const id = await virtualDataset(`items_${label}`, "SELECT name, num FROM birth_names");
  const detail = (await ok(await admin.get(`/api/v1/dataset/${id}`))).result;
  await ok(await admin.put(`/api/v1/dataset/${id}`, {
    metrics: [...detail.metrics.map((m: { id: number; metric_name: string; expression: string }) => ({ id: m.id, metric_name: m.metric_name, expression: m.expression })),
      { metric_name: "total", expression: "SUM(num)" }],
  }));
  const saved = (await ok(await admin.get(`/api/v1/dataset/${id}`))).result;
  const num = saved.columns.find((c: { column_name: string }) => c.column_name === "num");
  const total = saved.metrics.find((m: { metric_name: string }) => m.metric_name === "total");

  await ok(await admin.delete(`/api/v1/dataset/${id}/column/${num.id}`));
  await ok(await admin.delete(`/api/v1/dataset/${id}/metric/${total.id}`));
  // a column or metric the dataset does not have: 404, and no revision
  expect((await admin.delete(`/api/v1/dataset/${id}/column/${num.id}`)).status).toBe(404);
  expect((await admin.delete(`/api/v1/dataset/${id}/metric/999999999`)).status).toBe(404);

  const list = await ok(await admin.get(`/api/v1/dataset/${id}/revisions`));
  expect(list.result.map((r: { revision: number; message: string | null }) => [r.revision, r.message]))
    .toEqual([[4, "Deleted metric total"], [3, "Deleted column num"], [2, null], [1, null]]);
  const [metricGone, columnGone, before] = list.result.map((r: { id: number }) => r.id);
  expect(texts(await ok(await admin.get(`/api/v1/dataset/${id}/revisions/${columnGone}`)))).toEqual(['Column removed: "num"']);
  expect(texts(await ok(await admin.get(`/api/v1/dataset/${id}/revisions/${metricGone}`)))).toEqual(['Metric removed: "total"']);

  await ok(await admin.post(`/api/v1/dataset/${id}/revisions/${before}/restore`, {}));
  const back = (await ok(await admin.get(`/api/v1/dataset/${id}`))).result;
  expect(back.columns.map((c: { column_name: string }) => c.column_name).sort()).toEqual(["name", "num"]);
  expect(back.metrics.map((m: { metric_name: string }) => m.metric_name).sort()).toEqual(["count", "total"]);
});
