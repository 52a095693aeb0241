import { expect, test } from "vitest";
import { loginAsAdmin } from "../support/client";
import { examplesId, formPost, newClientId, userWithRoles } from "../support/sqllab";

// Superset's /tabstateview/ and /tableschemaview/ plus the SQL Lab bootstrap, against the real Worker:
// form posts with JSON values (as SupersetClient sends them) and JSON bodies both work.

test("a tab round-trips: create, read, update, activate, bootstrap, delete", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const editor = { name: "Untitled Query 1", dbId, schema: "main", sql: "SELECT 1", queryLimit: 100, hideLeftBar: false, templateParams: '{"x":1}' };
  const created = await formPost(api, "/tabstateview/", { queryEditor: editor });
  expect(created.status).toBe(200);
  const { id } = (await created.json()) as { id: number };
  const second = (await (await api.post("/tabstateview/", { queryEditor: JSON.stringify({ name: "Untitled Query 2", dbId }) })).json()) as { id: number };

  const tab = (await (await api.get(`/tabstateview/${id}`)).json()) as Record<string, unknown>;
  expect(tab).toEqual({
    id, user_id: expect.any(Number), label: "Untitled Query 1", active: false, database_id: dbId, catalog: null, schema: "main",
    table_schemas: [], sql: "SELECT 1", query_limit: 100, latest_query: null, autorun: false, template_params: '{"x":1}',
    hide_left_bar: false, saved_query: null, extra_json: {},
  });

  const put = await formPost(api, `/tabstateview/${id}`, { sql: "SELECT 2", label: "Renamed", extra_json: { updatedAt: 123, version: 1 }, hide_left_bar: true }, "PUT");
  expect(put.status).toBe(200);
  expect(await put.json()).toBe(id);
  expect((await api.post(`/tabstateview/${id}/activate`)).status).toBe(200);

  const boot = (await (await api.get("/api/v1/sqllab/")).json()) as { result: { active_tab: Record<string, unknown>; tab_state_ids: { id: number; label: string }[]; databases: Record<string, { backend: string }>; queries: object } };
  expect(boot.result.active_tab).toMatchObject({ id, sql: "SELECT 2", label: "Renamed", active: true, hide_left_bar: true, extra_json: { updatedAt: 123, version: 1 } });
  expect(boot.result.tab_state_ids).toEqual(expect.arrayContaining([{ id, label: "Renamed" }, { id: second.id, label: "Untitled Query 2" }]));
  expect(boot.result.databases[String(dbId)]).toMatchObject({ id: dbId, database_name: "examples", backend: "d1", allow_run_async: expect.any(Boolean) });

  const del = await api.delete(`/tabstateview/${id}`);
  expect(await del.json()).toBe("OK");
  expect((await api.get(`/tabstateview/${id}`)).status).toBe(404);
  await api.delete(`/tabstateview/${second.id}`);
});

test("table schemas are added, replaced for the same table, expanded, collapsed and removed", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const { id: tabId } = (await (await api.post("/tabstateview/", { queryEditor: { name: "tables", dbId } })).json()) as { id: number };
  const table = { queryEditorId: tabId, dbId, schema: "main", name: "birth_names", columns: [{ name: "ds", type: "DATE" }], selectStar: "SELECT * FROM birth_names" };
  const first = (await (await formPost(api, "/tableschemaview/", { table })).json()) as { id: number };
  const second = (await (await formPost(api, "/tableschemaview/", { table: { ...table, dataPreviewQueryId: "abc" } })).json()) as { id: number };
  expect(second.id).not.toBe(first.id);
  const tab = (await (await api.get(`/tabstateview/${tabId}`)).json()) as { table_schemas: Record<string, unknown>[] };
  expect(tab.table_schemas).toEqual([
    { id: second.id, tab_state_id: tabId, database_id: dbId, catalog: null, schema: "main", table: "birth_names", expanded: true, description: { ...table, dataPreviewQueryId: "abc" } },
  ]);
  const collapse = await formPost(api, `/tableschemaview/${second.id}/expanded`, { expanded: false });
  expect(await collapse.json()).toEqual({ id: second.id, expanded: false });
  const after = (await (await api.get(`/tabstateview/${tabId}`)).json()) as { table_schemas: { expanded: boolean }[] };
  expect(after.table_schemas[0].expanded).toBe(false);
  expect(await (await api.delete(`/tableschemaview/${second.id}`)).json()).toBe("OK");
  expect(((await (await api.get(`/tabstateview/${tabId}`)).json()) as { table_schemas: unknown[] }).table_schemas).toEqual([]);
  expect((await api.post("/tableschemaview/", { table: { dbId, name: "x" } })).status).toBe(400);
  await api.delete(`/tabstateview/${tabId}`);
});

test("queries move between tabs and are removed; the tab falls back to its previous query", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const { id: tabId } = (await (await api.post("/tabstateview/", { queryEditor: { name: "runs", dbId } })).json()) as { id: number };
  const [a, b] = [newClientId(), newClientId()];
  for (const client_id of [a, b]) {
    const res = await api.post("/api/v1/sqllab/execute/", { client_id, database_id: dbId, sql: "SELECT 1 AS one", sql_editor_id: "elsewhere", runAsync: false });
    expect(res.status).toBe(200);
    expect(await (await formPost(api, `/tabstateview/${tabId}/migrate_query`, { queryId: client_id })).json()).toBe(tabId);
  }
  expect((await formPost(api, `/tabstateview/${tabId}`, { latest_query_id: b }, "PUT")).status).toBe(200);
  const tab = (await (await api.get(`/tabstateview/${tabId}`)).json()) as { latest_query: { id: string; sqlEditorId: string; state: string } };
  expect(tab.latest_query).toMatchObject({ id: b, sqlEditorId: String(tabId), state: "success" });
  await api.post(`/tabstateview/${tabId}/activate`);
  const boot = (await (await api.get("/api/v1/sqllab/")).json()) as { result: { queries: Record<string, unknown> } };
  expect(Object.keys(boot.result.queries).sort()).toEqual([a, b].sort());
  expect(await (await api.delete(`/tabstateview/${tabId}/query/${b}`)).json()).toBe("OK");
  const after = (await (await api.get(`/tabstateview/${tabId}`)).json()) as { latest_query: { id: string } };
  expect(after.latest_query.id).toBe(a);
  expect((await formPost(api, `/tabstateview/${tabId}`, { latest_query_id: "nosuchquery" }, "PUT")).status).toBe(400);
  await api.delete(`/tabstateview/${tabId}`);
});

test("another user's tab is forbidden; missing tabs are 404; bad bodies are 400", async () => {
  const admin = await loginAsAdmin();
  const { id } = (await (await admin.post("/tabstateview/", { queryEditor: { name: "private" } })).json()) as { id: number };
  const other = await userWithRoles(admin);
  for (const res of [
    await other.get(`/tabstateview/${id}`),
    await other.put(`/tabstateview/${id}`, { sql: "x" }),
    await other.delete(`/tabstateview/${id}`),
    await other.post(`/tabstateview/${id}/activate`),
    await other.post("/tableschemaview/", { table: { queryEditorId: id, dbId: 1, name: "t", schema: null } }),
  ]) expect(res.status).toBe(403);
  expect((await admin.get("/tabstateview/999999")).status).toBe(404);
  expect((await admin.post("/tabstateview/", { queryEditor: "not json" })).status).toBe(400);
  expect((await admin.put(`/tabstateview/${id}`, { owner: 2 })).status).toBe(400);
  const boot = (await (await other.get("/api/v1/sqllab/")).json()) as { result: { active_tab: unknown; tab_state_ids: unknown[] } };
  expect(boot.result).toMatchObject({ active_tab: null, tab_state_ids: [] });
  await admin.delete(`/tabstateview/${id}`);
});
