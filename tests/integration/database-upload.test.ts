// File upload into databases through the real Worker over HTTP, on D1 (the examples binding), PostgreSQL,
// MariaDB and ClickHouse (its own cases: clickhouse-upload.test.ts): a good CSV becomes a typed table and a dataset; a bad row is reported with its line and leaves
// nothing behind; fail / replace / append; the database's allow_file_upload; can_upload; upload_metadata.
import { beforeAll, describe, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { gammaWith, json, pairFor, pairs, q, unique } from "../support/access";
import { examplesId } from "../support/sqllab";
import { selectRows, uploadFile } from "../support/uploads";

let admin: ApiClient;
const ids: Record<string, number> = {};
const suffix = unique();

beforeAll(async () => {
  admin = await loginAsAdmin();
  ids.d1 = await examplesId(admin);
  expect((await admin.put(`/api/v1/database/${ids.d1}`, { allow_file_upload: true })).status).toBe(200);
  await fetch("http://127.0.0.1:8123/", { method: "POST", body: "CREATE DATABASE IF NOT EXISTS test" });
  const uris = { postgresql: "postgresql://postgres@127.0.0.1:5432/test", mysql: "mysql://root@127.0.0.1:3306/test", clickhouse: "clickhousedb://default@127.0.0.1:8123/test" };
  for (const [engine, uri] of Object.entries(uris)) {
    const res = await admin.post("/api/v1/database/", { database_name: `upload ${engine} ${suffix}`, sqlalchemy_uri: uri, expose_in_sqllab: true, allow_file_upload: true });
    expect(res.status, await res.clone().text()).toBe(201);
    ids[engine] = (await json<{ id: number }>(res)).id;
  }
});

function upload(api: ApiClient, databaseId: number, csv: string, fields: Record<string, string>, fileName = "data.csv") {
  return uploadFile(api, databaseId, fileName === "data.csv" ? csv : new File([csv], fileName, { type: "text/csv" }), fileName === "data.csv" ? fields : { type: "csv", ...fields });
}

const select = (databaseId: number, sql: string) => selectRows(admin, databaseId, sql);

async function tableNames(databaseId: number): Promise<string[]> {
  const res = await admin.get(`/api/v1/database/${databaseId}/tables/?q=${q({ schema_name: databaseId === ids.d1 ? "main" : databaseId === ids.postgresql ? "public" : "test", force: true })}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ result: { value: string }[] }>(res)).result.map((t) => t.value);
}

const GOOD = ["id,name,price,active,day,note", "1,apple,1.5,true,2024-01-02,", "2,pear,2,false,2024-02-03,ripe", "3,plum,NA,true,2024-03-04,N/A"].join("\n");

describe.each(["d1", "postgresql", "mysql", "clickhouse"])("%s", (engine) => {
  const table = `up_${engine}_${suffix}`;

  test("a good CSV becomes a typed table and a dataset", async () => {
    const res = await upload(admin, ids[engine], GOOD, { table_name: table, column_dates: "day" });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ message: "OK" });
    const rows = await select(ids[engine], `SELECT id, name, price, note FROM ${table} ORDER BY id`);
    expect(rows).toEqual([
      { id: 1, name: "apple", price: 1.5, note: null },
      { id: 2, name: "pear", price: 2, note: "ripe" },
      { id: 3, name: "plum", price: null, note: null },
    ]);
    const list = await json<{ result: { id: number }[] }>(await admin.get(`/api/v1/dataset/?q=${q({ filters: [{ col: "table_name", opr: "eq", value: table }] })}`));
    expect(list.result).toHaveLength(1);
    const detail = await json<{ result: { columns: { column_name: string; is_dttm: boolean; type_generic: number }[] } }>(await admin.get(`/api/v1/dataset/${list.result[0].id}`));
    const byName = Object.fromEntries(detail.result.columns.map((c) => [c.column_name, c]));
    expect(Object.keys(byName).sort()).toEqual(["active", "day", "id", "name", "note", "price"]);
    expect(byName.day.is_dttm).toBe(true);
    expect(byName.id.type_generic).toBe(0);
  });

  test("a bad row answers its line and writes nothing", async () => {
    const name = `up_bad_${engine}_${suffix}`;
    const before = await tableNames(ids[engine]);
    const csv = "a,b\n1,x\n2,y\n3,z,extra\n4,w\n";
    const res = await upload(admin, ids[engine], csv, { table_name: name });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe("Parsing error: Expected 2 fields in line 4, saw 3");
    const typed = await upload(admin, ids[engine], "a,b\n1,x\n2,y\nthree,z\n", { table_name: name, column_data_types: '{"a":"int"}' });
    expect(typed.status).toBe(422);
    expect((await json(typed)).message).toMatch(/^Parsing error: line 4: could not convert "three" in column "a" to integer/);
    const after = await tableNames(ids[engine]);
    expect(after.filter((t) => !before.includes(t))).toEqual([]);
  });

  test("already_exists: fail keeps the table, replace swaps it, append adds rows", async () => {
    const name = `up_modes_${engine}_${suffix}`;
    expect((await upload(admin, ids[engine], "k,v\n1,a\n2,b\n", { table_name: name })).status).toBe(201);
    const failed = await upload(admin, ids[engine], "k,v\n9,z\n", { table_name: name });
    expect(failed.status).toBe(422);
    expect((await json(failed)).message).toMatch(/^Table already exists/);
    expect(await select(ids[engine], `SELECT COUNT(*) AS n FROM ${name}`)).toEqual([{ n: 2 }]);

    expect((await upload(admin, ids[engine], "k,v\n3,c\n", { table_name: name, already_exists: "append" })).status).toBe(201);
    expect((await select(ids[engine], `SELECT k FROM ${name} ORDER BY k`)).map((r) => r.k)).toEqual([1, 2, 3]);

    expect((await upload(admin, ids[engine], "k,w\n7,x\n", { table_name: name, already_exists: "replace" })).status).toBe(201);
    expect(await select(ids[engine], `SELECT k, w FROM ${name}`)).toEqual([{ k: 7, w: "x" }]);

    // an append whose rows do not fit the table is refused whole
    const bad = await upload(admin, ids[engine], "k,w,extra\n8,y,1\n", { table_name: name, already_exists: "append" });
    expect(bad.status).toBe(422);
    expect(await select(ids[engine], `SELECT k, w FROM ${name}`)).toEqual([{ k: 7, w: "x" }]);
    expect((await tableNames(ids[engine])).filter((t) => t.startsWith("_upload_"))).toEqual([]);
  });

  // D1 takes any text (a 200 KB cell included): the same path is covered by the two server engines; ClickHouse
  // takes any String too (its refusals: clickhouse-upload.test.ts)
  if (engine === "postgresql" || engine === "mysql") test("a row the database refuses midway drops the staging table and leaves the target as it was", async () => {
    const name = `up_refused_${engine}_${suffix}`;
    expect((await upload(admin, ids[engine], "k,note\n1,kept\n2,kept too\n", { table_name: name })).status).toBe(201);
    // row 30 of 50 holds what the engine will not store: more than MariaDB's TEXT holds (64 KB), or a NUL, which
    // PostgreSQL's text never holds
    const refused = engine === "mysql" ? "x".repeat(70_000) : "a\u0000b";
    const rows = Array.from({ length: 50 }, (_, i) => `${i + 1},${i === 29 ? refused : `row ${i + 1}`}`);
    const before = await tableNames(ids[engine]);
    const res = await upload(admin, ids[engine], `k,note\n${rows.join("\n")}\n`, { table_name: name, already_exists: "replace" });
    expect(res.status, await res.clone().text()).toBe(422);
    expect(await select(ids[engine], `SELECT k, note FROM ${name} ORDER BY k`)).toEqual([{ k: 1, note: "kept" }, { k: 2, note: "kept too" }]);
    const after = await tableNames(ids[engine]);
    expect(after.filter((t) => !before.includes(t))).toEqual([]);
    expect(after.filter((t) => t.startsWith("_upload_"))).toEqual([]);
  });
});

test("reading options: delimiter, skip rows, header row, columns, decimal character, index, null values", async () => {
  const name = `up_opts_${suffix}`;
  const csv = ["junk line", "x;y;z;w", "a;b;c;d", "1;2,5;keep;-", "2;3,25;-;q"].join("\n");
  const res = await upload(admin, ids.postgresql, csv, {
    table_name: name, delimiter: ";", skip_rows: "1", header_row: "1", columns_read: "a,b,c", decimal_character: ",",
    null_values: "-", dataframe_index: "true", index_label: "row",
  });
  expect(res.status, await res.clone().text()).toBe(201);
  expect(await select(ids.postgresql, `SELECT * FROM ${name} ORDER BY row`)).toEqual([
    { row: 0, a: 1, b: 2.5, c: "keep" },
    { row: 1, a: 2, b: 3.25, c: null },
  ]);
});

test("a database that does not allow file upload, or a schema it does not list, is refused", async () => {
  const res = await admin.post("/api/v1/database/", { database_name: `no upload ${suffix}`, sqlalchemy_uri: "postgresql://postgres@127.0.0.1:5432/test" });
  const id = (await json<{ id: number }>(res)).id;
  const refused = await upload(admin, id, "a\n1\n", { table_name: `up_no_${suffix}` });
  expect(refused.status).toBe(422);
  expect((await json(refused)).message).toBe("Database type does not support file uploads.");
  await admin.put(`/api/v1/database/${id}`, { allow_file_upload: true, extra: JSON.stringify({ schemas_allowed_for_file_upload: ["uploads"] }) });
  expect((await upload(admin, id, "a\n1\n", { table_name: `up_no_${suffix}`, schema: "public" })).status).toBe(422);
  const schemas = await admin.get(`/api/v1/database/${id}/schemas_access_for_file_upload/`);
  expect(await schemas.json()).toEqual({ schemas: ["uploads"] });
});

test("uploading takes can_upload on Database", async () => {
  const all = await pairs(admin);
  const gamma = await gammaWith(admin, [pairFor(all, "all_database_access", "all_database_access")!.id]);
  // the refusal comes before the form is read: the body is read away first (workers/http/drain-body.ts), so the
  // client gets its 403 rather than a connection reset (EPIPE) while it is still sending
  const res = await upload(gamma, ids.postgresql, "a\n1\n", { table_name: `up_perm_${suffix}` });
  expect(res.status).toBe(403);
  expect((await tableNames(ids.postgresql)).includes(`up_perm_${suffix}`)).toBe(false);
});

test("a large upload refused before its body is read gets its 403, not a connection reset", async () => {
  const all = await pairs(admin);
  const gamma = await gammaWith(admin, [pairFor(all, "all_database_access", "all_database_access")!.id]);
  // 8 MB: far more than the socket buffers hold, so the client is still sending when the refusal is ready
  const csv = `a,b\n${"1,2\n".repeat(2 * 1024 * 1024)}`;
  for (let i = 0; i < 3; i++) {
    const res = await upload(gamma, ids.postgresql, csv, { table_name: `up_perm_big_${suffix}` });
    expect(res.status).toBe(403);
  }
  expect((await tableNames(ids.postgresql)).includes(`up_perm_big_${suffix}`)).toBe(false);
}, 120_000);

test("upload_metadata answers the file's column names", async () => {
  const form = new FormData();
  form.set("file", new File(["skip\nid;name;name\n1;a;b\n"], "m.csv"));
  form.set("type", "csv");
  form.set("delimiter", ";");
  form.set("header_row", "1");
  const res = await admin.raw("/api/v1/database/upload_metadata/", { method: "POST", body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await res.json()).toEqual({ result: { items: [{ column_names: ["id", "name", "name.1"], sheet_name: null }] } });
  const missing = new FormData();
  missing.set("type", "csv");
  const bad = await admin.raw("/api/v1/database/upload_metadata/", { method: "POST", body: missing });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual({ message: { file: ["Field may not be null."] } });
});
