import { beforeAll, expect, test } from "vitest";
import { datasourcePermName } from "../../core/security/permissions";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, pairFor, pairs, unique } from "../support/access";

// Explore's API through the real Worker: the initial context (by chart, dataset, form data key or
// permalink), unsaved form data per user, and permalinks, each refused for a dataset the caller may not read.

let admin: ApiClient;
let birthNames: { id: number; database: { database_name: string } };

beforeAll(async () => {
  admin = await loginAsAdmin();
  birthNames = await exampleDataset(admin, "birth_names");
});

test("the initial context of a dataset and of a saved chart", async () => {
  const byDataset = await json(await admin.get(`/api/v1/explore/?datasource_id=${birthNames.id}&datasource_type=table`));
  expect(byDataset.result).toMatchObject({ form_data: { datasource: `${birthNames.id}__table`, viz_type: "table" }, slice: null, message: null });
  expect(byDataset.result.dataset).toMatchObject({ id: birthNames.id, table_name: "birth_names", uid: `${birthNames.id}__table` });
  expect(byDataset.result.dataset.columns.map((col: { column_name: string }) => col.column_name)).toContain("gender");

  const params = { viz_type: "table", metrics: ["count"], groupby: ["state"], datasource: `${birthNames.id}__table` };
  const chart = await json(await admin.post("/api/v1/chart/", {
    slice_name: `Explore ${unique()}`, viz_type: "table", datasource_id: birthNames.id, datasource_type: "table", params: JSON.stringify(params),
  }));
  const bySlice = await json(await admin.get(`/api/v1/explore/?slice_id=${chart.id}`));
  expect(bySlice.result.form_data).toMatchObject({ ...params, slice_id: chart.id });
  expect(bySlice.result.slice).toMatchObject({ slice_id: chart.id, viz_type: "table" });
  expect((await admin.get("/api/v1/explore/?slice_id=99999999")).status).toBe(404);
  expect((await admin.get("/api/v1/explore/")).status).toBe(400);
});

test("form data: store, read, update, open Explore with it, delete; bad bodies are 400s", async () => {
  const formData = JSON.stringify({ viz_type: "pie", metric: "count", groupby: ["gender"], datasource: `${birthNames.id}__table` });
  const posted = await admin.post("/api/v1/explore/form_data?tab_id=3", { datasource_id: birthNames.id, datasource_type: "table", form_data: formData });
  expect(posted.status).toBe(201);
  const { key } = await json(posted);
  expect(await json(await admin.get(`/api/v1/explore/form_data/${key}`))).toEqual({ form_data: formData });
  const changed = JSON.stringify({ viz_type: "pie", metric: "count", groupby: ["state"] });
  const put = await json(await admin.put(`/api/v1/explore/form_data/${key}`, { datasource_id: birthNames.id, datasource_type: "table", form_data: changed }));
  expect(put).toEqual({ key });
  const context = await json(await admin.get(`/api/v1/explore/?form_data_key=${key}`));
  expect(context.result.form_data).toMatchObject({ viz_type: "pie", groupby: ["state"], datasource: `${birthNames.id}__table` });
  expect((await admin.delete(`/api/v1/explore/form_data/${key}`)).status).toBe(200);
  expect((await admin.get(`/api/v1/explore/form_data/${key}`)).status).toBe(404);

  const bad = await admin.post("/api/v1/explore/form_data", { datasource_id: "x", form_data: "[]" });
  expect(bad.status).toBe(400);
  expect(Object.keys((await json(bad)).message).sort()).toEqual(["datasource_id", "datasource_type", "form_data"]);
  const nowhere = await admin.post("/api/v1/explore/form_data", { datasource_id: 99_999_999, datasource_type: "table", form_data: "{}" });
  expect(nowhere.status).toBe(404);
});

test("permalinks keep formData and urlParams and reopen Explore", async () => {
  const formData = { viz_type: "big_number_total", metric: "count", datasource: `${birthNames.id}__table` };
  const posted = await admin.post("/api/v1/explore/permalink", { formData, urlParams: [["standalone", "1"]] });
  expect(posted.status).toBe(201);
  const { key, url } = await json(posted);
  expect(url).toMatch(new RegExp(`/explore/p/${key}/$`));
  expect(await json(await admin.get(`/api/v1/explore/permalink/${key}`))).toEqual({ state: { formData, urlParams: [["standalone", "1"]] } });
  const context = await json(await admin.get(`/api/v1/explore/?permalink_key=${key}`));
  expect(context.result.form_data).toMatchObject(formData);
  expect((await admin.post("/api/v1/explore/permalink", { formData: { viz_type: "table" } })).status).toBe(400);
});

test("a user without access to the dataset gets nothing of it, and cannot change another user's form data", async () => {
  const formData = JSON.stringify({ viz_type: "table", datasource: `${birthNames.id}__table` });
  const { key } = await json(await admin.post("/api/v1/explore/form_data", { datasource_id: birthNames.id, datasource_type: "table", form_data: formData }));
  const link = await json(await admin.post("/api/v1/explore/permalink", { formData: JSON.parse(formData) }));
  const blind = await gammaWith(admin, []);
  expect((await blind.get(`/api/v1/explore/?datasource_id=${birthNames.id}&datasource_type=table`)).status).toBe(404);
  expect((await blind.get(`/api/v1/explore/form_data/${key}`)).status).toBe(404);
  expect((await blind.get(`/api/v1/explore/permalink/${link.key}`)).status).toBe(404);
  expect((await blind.post("/api/v1/explore/form_data", { datasource_id: birthNames.id, datasource_type: "table", form_data: formData })).status).toBe(404);

  const view = datasourcePermName(birthNames.database.database_name, "birth_names", birthNames.id);
  const reader = await gammaWith(admin, [pairFor(await pairs(admin), "datasource_access", view)!.id]);
  expect(await json(await reader.get(`/api/v1/explore/form_data/${key}`))).toEqual({ form_data: formData });
  const theirs = await json(await reader.put(`/api/v1/explore/form_data/${key}`, { datasource_id: birthNames.id, datasource_type: "table", form_data: "{}" }));
  expect(theirs.key).not.toBe(key);
  expect(await json(await admin.get(`/api/v1/explore/form_data/${key}`))).toEqual({ form_data: formData });
  expect((await reader.delete(`/api/v1/explore/form_data/${key}`)).status).toBe(403);
});
