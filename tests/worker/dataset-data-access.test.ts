import { expect, test } from "vitest";
import { databasePermName, datasourcePermName } from "../../core/security/permissions";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { gammaWith, json, listAll, pairFor, pairs, q, type ListBody, unique } from "../support/access";

// Data access through roles (Superset's database_access / datasource_access): an admin grants a custom role
// access to the examples database with the security admin API, and a Gamma user holding it reads exactly
// the datasets of that database.

/** Another database (the same D1 binding under another name) with one virtual dataset in it. */
async function otherDatabaseWithDataset(admin: ApiClient) {
  const name = `other_${unique()}`;
  const db = await admin.post("/api/v1/database/", { database_name: name, sqlalchemy_uri: "d1://EXAMPLES" });
  expect(db.status).toBe(201);
  const databaseId = ((await db.json()) as { id: number }).id;
  const table_name = `elsewhere_${unique()}`;
  const ds = await admin.post("/api/v1/dataset/", { database: databaseId, schema: "main", table_name, sql: "SELECT name FROM birth_names" });
  expect(ds.status).toBe(201);
  return { name, databaseId, datasetId: ((await ds.json()) as { id: number }).id, table_name };
}

test("a Gamma user granted database_access on examples lists and reads the examples datasets, and no others", async () => {
  const admin = await loginAsAdmin();
  const all = await listAll<ListBody["result"][number]>(admin, "/api/v1/dataset/");
  const examples = all.find((d) => d.database.database_name === "examples")!.database;
  const other = await otherDatabaseWithDataset(admin);

  // the grantable pair exists from first start, under Superset's view name
  const grant = pairFor(await pairs(admin), "database_access", databasePermName("examples", examples.id));
  expect(grant).toBeDefined();
  const reader = await gammaWith(admin, [grant!.id]);

  const body: ListBody = { result: await listAll(reader, "/api/v1/dataset/"), count: (await json<ListBody>(await reader.get(`/api/v1/dataset/?q=${q({ page_size: 1 })}`))).count };
  const names = body.result.map((d) => d.table_name);
  expect(names).toEqual(expect.arrayContaining(["birth_names", "cleaned_sales_data", "flights", "multiformat_time_series"]));
  expect(body.result.every((d) => d.database.id === examples.id)).toBe(true);
  expect(names).not.toContain(other.table_name);
  expect(body.count).toBe(body.result.length);

  const births = body.result.find((d) => d.table_name === "birth_names")!;
  const read = await reader.get(`/api/v1/dataset/${births.id}`);
  expect(read.status).toBe(200);
  expect(((await read.json()) as { result: { columns: { column_name: string }[] } }).result.columns.map((c) => c.column_name)).toContain("num");
  expect((await reader.get(`/api/v1/dataset/${other.datasetId}`)).status).toBe(404);
  expect((await reader.get(`/api/v1/dataset/${other.datasetId}/related_objects`)).status).toBe(404);

  // reading is all Gamma gets: no writes, even on the datasets it may read
  expect((await reader.put(`/api/v1/dataset/${births.id}`, { description: "mine now" })).status).toBe(403);
  expect((await reader.post("/api/v1/dataset/", { database: examples.id, table_name: "x", sql: "SELECT 1" })).status).toBe(403);

  await admin.delete(`/api/v1/dataset/${other.datasetId}`);
  await admin.delete(`/api/v1/database/${other.databaseId}`);
});

test("datasets get a grantable datasource_access pair that follows renames and goes with the dataset", async () => {
  const admin = await loginAsAdmin();
  const other = await otherDatabaseWithDataset(admin);
  const view = datasourcePermName(other.name, other.table_name, other.datasetId);
  const before = await pairs(admin);
  expect(pairFor(before, "database_access", databasePermName(other.name, other.databaseId))).toBeDefined();
  const pair = pairFor(before, "datasource_access", view);
  expect(pair).toBeDefined();

  // a role holding just that dataset sees just that dataset
  const reader = await gammaWith(admin, [pair!.id]);
  const listed = (await (await reader.get("/api/v1/dataset/")).json()) as ListBody;
  expect(listed.result.map((d) => d.id)).toEqual([other.datasetId]);

  // renamed, the dataset keeps its grant under the new view name
  const renamed = `renamed_${unique()}`;
  expect((await admin.put(`/api/v1/dataset/${other.datasetId}`, { table_name: renamed })).status).toBe(200);
  const after = await pairs(admin);
  expect(pairFor(after, "datasource_access", view)).toBeUndefined();
  expect(pairFor(after, "datasource_access", datasourcePermName(other.name, renamed, other.datasetId))?.id).toBe(pair!.id);
  expect((await reader.get(`/api/v1/dataset/${other.datasetId}`)).status).toBe(200);

  // deleted, the pair is gone too
  expect((await admin.delete(`/api/v1/dataset/${other.datasetId}`)).status).toBe(200);
  expect(pairFor(await pairs(admin), "datasource_access", datasourcePermName(other.name, renamed, other.datasetId))).toBeUndefined();
  await admin.delete(`/api/v1/database/${other.databaseId}`);
});

test("a database's database_access pair exists from its creation, follows a rename with its datasets, and goes with it", async () => {
  const admin = await loginAsAdmin();
  const name = `perm_db_${unique()}`;
  const made = await admin.post("/api/v1/database/", { database_name: name, sqlalchemy_uri: "d1://EXAMPLES" });
  expect(made.status).toBe(201);
  const id = ((await made.json()) as { id: number }).id;
  expect(pairFor(await pairs(admin), "database_access", databasePermName(name, id))).toBeDefined();
  const table_name = `renamed_with_db_${unique()}`;
  const ds = await admin.post("/api/v1/dataset/", { database: id, schema: "main", table_name, sql: "SELECT 1 AS one" });
  const datasetId = ((await ds.json()) as { id: number }).id;

  const renamed = `${name}_renamed`;
  expect((await admin.put(`/api/v1/database/${id}`, { database_name: renamed })).status).toBe(200);
  const after = await pairs(admin);
  expect(pairFor(after, "database_access", databasePermName(renamed, id))).toBeDefined();
  expect(pairFor(after, "database_access", databasePermName(name, id))).toBeUndefined();
  expect(pairFor(after, "datasource_access", datasourcePermName(renamed, table_name, datasetId))).toBeDefined();

  expect((await admin.delete(`/api/v1/dataset/${datasetId}`)).status).toBe(200);
  expect((await admin.delete(`/api/v1/database/${id}`)).status).toBe(200);
  expect(pairFor(await pairs(admin), "database_access", databasePermName(renamed, id))).toBeUndefined();
});
