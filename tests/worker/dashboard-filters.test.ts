import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, pairFor, pairs, unique } from "../support/access";

// Superset's PUT /api/v1/dashboard/{pk}/filters through the real Worker: modified / deleted / reordered change
// json_metadata.native_filter_configuration, other metadata stays, bad bodies are 400s, non-owners get 403;
// and the column-values API a value filter reads its options from.

let admin: ApiClient;
let birthNames: { id: number };

beforeAll(async () => {
  admin = await loginAsAdmin();
  birthNames = await exampleDataset(admin, "birth_names");
});

/** datasource_access on birth_names (the filters' dataset) */
const datasetPair = (all: Awaited<ReturnType<typeof pairs>>) => all.find((p) => p.permission.name === "datasource_access" && p.view_menu.name.endsWith(`(id:${birthNames.id})`))!.id;

const selectFilter = (id: string, name: string, column: string, extra: Record<string, unknown> = {}) => ({
  id, type: "NATIVE_FILTER", name, filterType: "filter_select", targets: [{ datasetId: birthNames.id, column: { name: column } }],
  defaultDataMask: { filterState: {}, extraFormData: {} }, controlValues: { multiSelect: true }, cascadeParentIds: [],
  scope: { rootPath: ["ROOT_ID"], excluded: [] }, description: "", ...extra,
});

async function dashboard(): Promise<number> {
  const res = await admin.post("/api/v1/dashboard/", { dashboard_title: `Filters ${unique()}`, json_metadata: JSON.stringify({ color_scheme: "supersetColors" }) });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

const configOf = async (id: number) => JSON.parse((await json(await admin.get(`/api/v1/dashboard/${id}`))).result.json_metadata);

test("filters are added, changed, reordered and deleted in json_metadata, the rest of the metadata kept", async () => {
  const id = await dashboard();
  const gender = selectFilter("NATIVE_FILTER-gender1", "Gender", "gender");
  const state = selectFilter("NATIVE_FILTER-state1", "State", "state", { cascadeParentIds: ["NATIVE_FILTER-gender1"] });
  const added = await admin.put(`/api/v1/dashboard/${id}/filters`, { modified: [gender, state], deleted: [], reordered: [] });
  expect(added.status).toBe(200);
  const body = await json(added);
  expect(body.result.map((f: { id: string }) => f.id)).toEqual(["NATIVE_FILTER-gender1", "NATIVE_FILTER-state1"]);
  expect(body.last_modified_time).toEqual(expect.any(Number));
  let meta = await configOf(id);
  expect(meta.color_scheme).toBe("supersetColors");
  expect(meta.native_filter_configuration[1]).toMatchObject({ name: "State", cascadeParentIds: ["NATIVE_FILTER-gender1"], targets: [{ datasetId: birthNames.id, column: { name: "state" } }] });

  const renamed = { ...gender, name: "Sex" };
  expect((await admin.put(`/api/v1/dashboard/${id}/filters`, { modified: [renamed], reordered: ["NATIVE_FILTER-state1", "NATIVE_FILTER-gender1"] })).status).toBe(200);
  meta = await configOf(id);
  expect(meta.native_filter_configuration.map((f: { name: string }) => f.name)).toEqual(["State", "Sex"]);

  // deleting the parent drops it from the child's cascade
  expect((await admin.put(`/api/v1/dashboard/${id}/filters`, { deleted: ["NATIVE_FILTER-gender1"] })).status).toBe(200);
  meta = await configOf(id);
  expect(meta.native_filter_configuration).toEqual([expect.objectContaining({ id: "NATIVE_FILTER-state1", cascadeParentIds: [] })]);
});

test("bad filter bodies are 400s naming the problem; nobody but owners changes the filters", async () => {
  const id = await dashboard();
  const bad = async (body: unknown, message: RegExp) => {
    const res = await admin.put(`/api/v1/dashboard/${id}/filters`, body);
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(message);
  };
  await bad({ modified: [{ id: "oops", name: "x", filterType: "filter_select" }] }, /Invalid native filter id/);
  await bad({ modified: [selectFilter("NATIVE_FILTER-x", "", "gender")] }, /needs a name/);
  await bad({ modified: [{ ...selectFilter("NATIVE_FILTER-x", "X", "gender"), filterType: "filter_magic" }] }, /unsupported filter type/);
  await bad({ deleted: "NATIVE_FILTER-x" }, /deleted must be a list/);
  await bad({ everything: true }, /Unknown field/);
  expect((await admin.put(`/api/v1/dashboard/999999/filters`, { modified: [] })).status).toBe(404);

  const all = await pairs(admin);
  const editor = await gammaWith(admin, [pairFor(all, "can_write", "Dashboard")!.id, pairFor(all, "can_read", "Dashboard")!.id]);
  const mine = await editor.post("/api/v1/dashboard/", { dashboard_title: `Mine ${unique()}` });
  expect(mine.status).toBe(201);
  // a filter on a dataset the editor may not read is refused even on their own dashboard (db/dashboards/link-guard.ts)
  expect((await editor.put(`/api/v1/dashboard/${(await json(mine)).id}/filters`, { modified: [selectFilter("NATIVE_FILTER-m", "M", "gender")] })).status).toBe(403);
  const reader = await gammaWith(admin, [pairFor(all, "can_write", "Dashboard")!.id, pairFor(all, "can_read", "Dashboard")!.id, datasetPair(all)]);
  const theirs = await reader.post("/api/v1/dashboard/", { dashboard_title: `Theirs ${unique()}` });
  expect((await reader.put(`/api/v1/dashboard/${(await json(theirs)).id}/filters`, { modified: [selectFilter("NATIVE_FILTER-m", "M", "gender")] })).status).toBe(200);
  // the admin's dashboard is a draft: not even visible to the editor
  expect([403, 404]).toContain((await editor.put(`/api/v1/dashboard/${id}/filters`, { modified: [] })).status);
});

test("a value filter's options: the column's distinct values", async () => {
  const res = await admin.get(`/api/v1/datasource/table/${birthNames.id}/column/gender/values/`);
  expect(res.status).toBe(200);
  expect((await json(res)).result).toEqual(["boy", "girl"]);
});

test("filter state: a viewer's data mask is stored, read, changed and deleted under a key; bad values are 400s, foreign keys 404s", async () => {
  const id = await dashboard();
  const value = JSON.stringify({ "NATIVE_FILTER-gender1": { id: "NATIVE_FILTER-gender1", extraFormData: { filters: [{ col: "gender", op: "IN", val: ["boy"] }] }, filterState: { value: ["boy"] } } });
  const made = await admin.post(`/api/v1/dashboard/${id}/filter_state?tab_id=1`, { value });
  expect(made.status).toBe(201);
  const { key } = await json(made);
  expect(key).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  expect(await json(await admin.get(`/api/v1/dashboard/${id}/filter_state/${key}`))).toEqual({ value });

  const next = JSON.stringify({});
  const put = await admin.put(`/api/v1/dashboard/${id}/filter_state/${key}`, { value: next });
  expect(put.status).toBe(200);
  expect((await json(put)).key).toBe(key);
  expect((await json(await admin.get(`/api/v1/dashboard/${id}/filter_state/${key}`))).value).toBe(next);

  // bad bodies and unknown keys
  expect((await admin.post(`/api/v1/dashboard/${id}/filter_state`, { value: "{not json" })).status).toBe(400);
  expect((await admin.post(`/api/v1/dashboard/${id}/filter_state`, {})).status).toBe(400);
  expect((await admin.get(`/api/v1/dashboard/${id}/filter_state/nonexistentkey123`)).status).toBe(404);
  // a key of another dashboard is not found under this one
  const other = await dashboard();
  expect((await admin.get(`/api/v1/dashboard/${other}/filter_state/${key}`)).status).toBe(404);

  const del = await admin.delete(`/api/v1/dashboard/${id}/filter_state/${key}`);
  expect(del.status).toBe(200);
  expect((await admin.get(`/api/v1/dashboard/${id}/filter_state/${key}`)).status).toBe(404);
});
