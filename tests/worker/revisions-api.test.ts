import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, pairFor, pairs, unique } from "../support/access";

// History through the real Worker (issue 34): every create and PUT of a dashboard or chart keeps a revision;
// the list is newest first, a revision answers its state and the diff to the one before in words, a restore
// is a new revision; a restore naming a since-deleted chart or dataset restores the rest and lists what could
// not come back; reading needs can_read and visibility, restoring ownership.

let admin: ApiClient;
let datasetId: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  datasetId = (await exampleDataset(admin, "birth_names")).id;
});

async function created(res: Response): Promise<number> {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ id: number }>(res)).id;
}

const newChart = (name: string, params: Record<string, unknown>) =>
  admin.post("/api/v1/chart/", { slice_name: name, viz_type: "table", datasource_id: datasetId, datasource_type: "table", params: JSON.stringify(params) }).then(created);

function layoutWith(charts: { id: number; name: string; width: number }[]) {
  const layout: Record<string, unknown> = {
    ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["GRID_ID"] },
    GRID_ID: { id: "GRID_ID", type: "GRID", children: ["ROW-1"], parents: ["ROOT_ID"] },
    "ROW-1": { id: "ROW-1", type: "ROW", children: charts.map((c) => `CHART-${c.id}`), parents: ["ROOT_ID", "GRID_ID"], meta: {} },
  };
  for (const c of charts) layout[`CHART-${c.id}`] = { id: `CHART-${c.id}`, type: "CHART", children: [], parents: ["ROOT_ID", "GRID_ID", "ROW-1"], meta: { chartId: c.id, sliceName: c.name, width: c.width, height: 50 } };
  return JSON.stringify(layout);
}

test("a dashboard's saves are listed newest first with diffs in words, and a restore brings back the old state as a new revision", async () => {
  const label = unique();
  const chartA = await newChart(`A ${label}`, { metrics: ["count"] });
  const dash = await created(await admin.post("/api/v1/dashboard/", { dashboard_title: `Before ${label}`, position_json: layoutWith([{ id: chartA, name: `A ${label}`, width: 4 }]) }));
  const put = await admin.put(`/api/v1/dashboard/${dash}`, {
    dashboard_title: `After ${label}`, position_json: layoutWith([{ id: chartA, name: `A ${label}`, width: 6 }]), css: ".x { color: red; }", revision_message: "wider chart",
  });
  expect(put.status, await put.clone().text()).toBe(200);

  const list = await json(await admin.get(`/api/v1/dashboard/${dash}/revisions`));
  expect(list.count).toBe(2);
  expect(list.result.map((r: { message: string | null }) => r.message)).toEqual(["wider chart", null]);
  expect(list.result[0].changed_by).toMatchObject({ id: expect.any(Number), first_name: expect.any(String), last_name: expect.any(String) });
  expect(typeof list.result[0].changed_on).toBe("string");

  const latest = await json(await admin.get(`/api/v1/dashboard/${dash}/revisions/${list.result[0].id}`));
  expect(latest.result.state.dashboard_title).toBe(`After ${label}`);
  expect(latest.result.previous_id).toBe(list.result[1].id);
  const texts = latest.result.diff.map((d: { text: string }) => d.text);
  expect(texts).toContain(`Title: "Before ${label}" → "After ${label}"`);
  expect(texts).toContain(`Resized chart "A ${label}": 4×50 → 6×50`);
  expect(texts).toContain("CSS changed (1 line added, 1 removed)");

  const restore = await admin.post(`/api/v1/dashboard/${dash}/revisions/${list.result[1].id}/restore`, {});
  expect(restore.status, await restore.clone().text()).toBe(200);
  expect((await json(restore)).result.not_restored).toEqual([]);
  const now = (await json(await admin.get(`/api/v1/dashboard/${dash}`))).result;
  expect(now.dashboard_title).toBe(`Before ${label}`);
  expect(JSON.parse(now.position_json)[`CHART-${chartA}`].meta.width).toBe(4);
  const after = await json(await admin.get(`/api/v1/dashboard/${dash}/revisions`));
  expect(after.count).toBe(3);
  expect(after.result[0].message).toBe("Restored revision 1");
});

test("restoring a dashboard revision that places a since-deleted chart restores the rest and names the chart", async () => {
  const label = unique();
  const keep = await newChart(`Keep ${label}`, {});
  const gone = await newChart(`Gone ${label}`, {});
  const dash = await created(await admin.post("/api/v1/dashboard/", {
    dashboard_title: `Two ${label}`, position_json: layoutWith([{ id: keep, name: `Keep ${label}`, width: 4 }, { id: gone, name: `Gone ${label}`, width: 4 }]),
  }));
  expect((await admin.put(`/api/v1/dashboard/${dash}`, { dashboard_title: `One ${label}`, position_json: layoutWith([{ id: keep, name: `Keep ${label}`, width: 4 }]) })).status).toBe(200);
  expect((await admin.delete(`/api/v1/chart/${gone}`)).status).toBe(200);
  const first = (await json(await admin.get(`/api/v1/dashboard/${dash}/revisions`))).result.at(-1);
  const res = await admin.post(`/api/v1/dashboard/${dash}/revisions/${first.id}/restore`, {});
  expect(res.status, await res.clone().text()).toBe(200);
  expect((await json(res)).result.not_restored).toEqual([{ type: "chart", id: gone, name: `Gone ${label}` }]);
  const now = (await json(await admin.get(`/api/v1/dashboard/${dash}`))).result;
  expect(now.dashboard_title).toBe(`Two ${label}`);
  const positions = JSON.parse(now.position_json);
  expect(positions[`CHART-${gone}`]).toBeUndefined();
  expect(positions["ROW-1"].children).toEqual([`CHART-${keep}`]);
  expect((await json(await admin.get(`/api/v1/dashboard/${dash}/charts`))).result.map((c: { id: number }) => c.id)).toEqual([keep]);
});

test("a chart's revisions say which controls changed, and restore brings back the old controls", async () => {
  const label = unique();
  const chart = await newChart(`C ${label}`, { metrics: [{ expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM" }], row_limit: 10 });
  const put = await admin.put(`/api/v1/chart/${chart}`, { viz_type: "pie", params: JSON.stringify({ metrics: ["count"], row_limit: 10 }) });
  expect(put.status, await put.clone().text()).toBe(200);
  const list = await json(await admin.get(`/api/v1/chart/${chart}/revisions`));
  expect(list.count).toBe(2);
  const texts = (await json(await admin.get(`/api/v1/chart/${chart}/revisions/${list.result[0].id}`))).result.diff.map((d: { text: string }) => d.text);
  expect(texts).toEqual(['Chart type: "table" → "pie"', "Metrics: SUM(num) → count"]);
  const restore = await admin.post(`/api/v1/chart/${chart}/revisions/${list.result[1].id}/restore`, {});
  expect(restore.status, await restore.clone().text()).toBe(200);
  const now = (await json(await admin.get(`/api/v1/chart/${chart}`))).result;
  expect(now.viz_type).toBe("table");
  expect(JSON.parse(now.params).metrics[0].aggregate).toBe("SUM");
  expect((await json(await admin.get(`/api/v1/chart/${chart}/revisions`))).count).toBe(3);
});

test("an unknown revision is 404, another object's revision is 404, a bad message is 400 and nothing is saved", async () => {
  const label = unique();
  const one = await created(await admin.post("/api/v1/dashboard/", { dashboard_title: `One ${label}` }));
  const two = await created(await admin.post("/api/v1/dashboard/", { dashboard_title: `Two ${label}` }));
  const twoRev = (await json(await admin.get(`/api/v1/dashboard/${two}/revisions`))).result[0].id;
  expect((await admin.get(`/api/v1/dashboard/${one}/revisions/${twoRev}`)).status).toBe(404);
  expect((await admin.post(`/api/v1/dashboard/${one}/revisions/${twoRev}/restore`, {})).status).toBe(404);
  expect((await admin.get(`/api/v1/dashboard/${one}/revisions/999999999`)).status).toBe(404);
  const bad = await admin.put(`/api/v1/dashboard/${one}`, { dashboard_title: "changed", revision_message: 42 });
  expect(bad.status).toBe(400);
  expect((await json(await admin.get(`/api/v1/dashboard/${one}`))).result.dashboard_title).toBe(`One ${label}`);
  expect((await json(await admin.get(`/api/v1/dashboard/${one}/revisions`))).count).toBe(1);
});

test("a reader who sees a dashboard lists its history but may not restore it; deleting a dashboard drops its revisions", async () => {
  const label = unique();
  const chart = await newChart(`R ${label}`, {});
  const dash = await created(await admin.post("/api/v1/dashboard/", { dashboard_title: `Shared ${label}`, published: true, position_json: layoutWith([{ id: chart, name: `R ${label}`, width: 4 }]) }));
  const all = await pairs(admin);
  const reader = await gammaWith(admin, [pairFor(all, "all_datasource_access", "all_datasource_access")!.id]);
  const list = await json(await reader.get(`/api/v1/dashboard/${dash}/revisions`));
  expect(list.count).toBe(1);
  expect((await reader.post(`/api/v1/dashboard/${dash}/revisions/${list.result[0].id}/restore`, {})).status).toBe(403);
  expect((await reader.post(`/api/v1/chart/${chart}/revisions/${list.result[0].id}/restore`, {})).status).toBe(403);
  expect((await admin.delete(`/api/v1/dashboard/${dash}`)).status).toBe(200);
  expect((await admin.get(`/api/v1/dashboard/${dash}/revisions`)).status).toBe(404);
});

test("changing the native filters in their own dialog keeps a revision that names the filter added", async () => {
  const dash = await created(await admin.post("/api/v1/dashboard/", { dashboard_title: `Filters ${unique()}` }));
  const filter = {
    id: "NATIVE_FILTER-hist1", type: "NATIVE_FILTER", name: "Gender", filterType: "filter_select", targets: [{ datasetId, column: { name: "gender" } }],
    defaultDataMask: { filterState: {}, extraFormData: {} }, controlValues: { multiSelect: true }, cascadeParentIds: [], scope: { rootPath: ["ROOT_ID"], excluded: [] }, description: "",
  };
  expect((await admin.put(`/api/v1/dashboard/${dash}/filters`, { modified: [filter], deleted: [], reordered: [] })).status).toBe(200);
  const list = await json(await admin.get(`/api/v1/dashboard/${dash}/revisions`));
  expect(list.count).toBe(2);
  const detail = await json(await admin.get(`/api/v1/dashboard/${dash}/revisions/${list.result[0].id}`));
  expect(detail.result.diff.map((d: { text: string }) => d.text)).toEqual(['Native filter added: "Gender"']);
});

test("a copy (Save as) starts its own History with one revision saying where it came from", async () => {
  const label = unique();
  const original = await created(await admin.post("/api/v1/dashboard/", { dashboard_title: `Original ${label}` }));
  const copy = await admin.post(`/api/v1/dashboard/${original}/copy/`, { dashboard_title: `Copy ${label}`, json_metadata: "{}" });
  expect(copy.status, await copy.clone().text()).toBe(200);
  const list = await json(await admin.get(`/api/v1/dashboard/${(await json(copy)).id}/revisions`));
  expect(list.result.map((r: { message: string }) => r.message)).toEqual([`Copied from "Original ${label}"`]);
});

test("restoring a chart revision whose dataset was deleted since keeps the chart's dataset, restores the rest and names the dataset", async () => {
  const label = unique();
  const births = await exampleDataset(admin, "birth_names");
  const made = await admin.post("/api/v1/dataset/", { database: births.database.id, schema: "main", table_name: `gone_${label}`, sql: "SELECT name, num FROM birth_names" });
  const gone = await created(made);
  const chart = await created(await admin.post("/api/v1/chart/", {
    slice_name: `Old ${label}`, viz_type: "table", datasource_id: gone, datasource_type: "table", params: JSON.stringify({ datasource: `${gone}__table`, metrics: ["count"] }),
  }));
  const moved = await admin.put(`/api/v1/chart/${chart}`, { slice_name: `New ${label}`, datasource_id: datasetId, datasource_type: "table", params: JSON.stringify({ datasource: `${datasetId}__table`, metrics: ["sum__num"] }) });
  expect(moved.status, await moved.clone().text()).toBe(200);
  expect((await admin.delete(`/api/v1/dataset/${gone}`)).status).toBe(200);
  const first = (await json(await admin.get(`/api/v1/chart/${chart}/revisions`))).result.at(-1);
  const res = await admin.post(`/api/v1/chart/${chart}/revisions/${first.id}/restore`, {});
  expect(res.status, await res.clone().text()).toBe(200);
  expect((await json(res)).result.not_restored).toEqual([{ type: "dataset", id: gone, name: null }]);
  const now = (await json(await admin.get(`/api/v1/chart/${chart}`))).result;
  expect(now.slice_name).toBe(`Old ${label}`);
  expect(JSON.parse(now.params)).toEqual({ datasource: `${datasetId}__table`, metrics: ["count"] });
});
