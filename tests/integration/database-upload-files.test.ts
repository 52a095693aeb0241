// Excel and columnar (Parquet) uploads through the real Worker over HTTP, on D1 (the examples binding), PostgreSQL,
// MariaDB and ClickHouse, with files made here by real writers: a sheet becomes a typed table, a bad cell answers its row and
// writes nothing, append adds rows; upload_metadata lists each sheet's columns. And a staging table left behind by
// an upload that never finished (made here directly in PostgreSQL) is dropped by the next upload.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import writeXlsxFile, { type SheetData } from "write-excel-file/universal";
import { parquetWriteBuffer } from "hyparquet-writer";
import { strToU8, zipSync } from "fflate";
import postgres from "postgres";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { json, q, unique } from "../support/access";
import { examplesId } from "../support/sqllab";
import { selectRows, uploadFile } from "../support/uploads";

const PG_URI = "postgresql://postgres@127.0.0.1:5432/test";
let admin: ApiClient;
const ids: Record<string, number> = {};
const suffix = unique();
const pg = postgres(PG_URI, { onnotice: () => undefined, max: 1 });

beforeAll(async () => {
  admin = await loginAsAdmin();
  ids.d1 = await examplesId(admin);
  expect((await admin.put(`/api/v1/database/${ids.d1}`, { allow_file_upload: true })).status).toBe(200);
  await fetch("http://127.0.0.1:8123/", { method: "POST", body: "CREATE DATABASE IF NOT EXISTS test" });
  for (const [engine, uri] of Object.entries({ postgresql: PG_URI, mysql: "mysql://root@127.0.0.1:3306/test", clickhouse: "clickhousedb://default@127.0.0.1:8123/test" })) {
    const res = await admin.post("/api/v1/database/", { database_name: `upload files ${engine} ${suffix}`, sqlalchemy_uri: uri, expose_in_sqllab: true, allow_file_upload: true });
    expect(res.status, await res.clone().text()).toBe(201);
    ids[engine] = (await json<{ id: number }>(res)).id;
  }
});
afterAll(() => pg.end());

const upload = (databaseId: number, bytes: Uint8Array, name: string, fields: Record<string, string>) =>
  uploadFile(admin, databaseId, new File([bytes as Uint8Array<ArrayBuffer>], name), fields);
const select = (databaseId: number, sql: string) => selectRows(admin, databaseId, sql);

async function tableNames(databaseId: number): Promise<string[]> {
  const schema = databaseId === ids.d1 ? "main" : databaseId === ids.postgresql ? "public" : "test";
  const res = await admin.get(`/api/v1/database/${databaseId}/tables/?q=${q({ schema_name: schema, force: true })}`);
  return (await json<{ result: { value: string }[] }>(res)).result.map((t) => t.value);
}

const cell = (value: string | number | boolean) => ({ value });
const day = (d: number) => ({ value: new Date(Date.UTC(2024, 0, d, 8, 30)), type: Date, format: "yyyy-mm-dd hh:mm" });

async function workbook(): Promise<Uint8Array> {
  const notes: SheetData = [[cell("just a note")]];
  const data: SheetData = [
    [cell("id"), cell("fruit"), cell("price"), cell("ripe"), cell("picked")],
    [cell(1), cell("apple"), cell(1.5), cell(true), day(2)],
    [cell(2), cell("pear"), cell(2), cell(false), day(3)],
    [cell(3), cell("plum"), null, cell(true), null],
  ];
  const blob = await writeXlsxFile([{ sheet: "Notes", data: notes }, { sheet: "Data", data }]).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}

function parquet(from: number, rows: number): Uint8Array {
  const at = (f: (i: number) => unknown) => Array.from({ length: rows }, (_, i) => f(from + i));
  return new Uint8Array(parquetWriteBuffer({
    columnData: [
      { name: "id", data: at((i) => BigInt(i)), type: "INT64" },
      { name: "score", data: at((i) => i / 2), type: "DOUBLE" },
      { name: "label", data: at((i) => `item ${i}`), type: "STRING" },
    ],
    rowGroupSize: 4000,
  }));
}

describe.each(["d1", "postgresql", "mysql", "clickhouse"])("%s", (engine) => {
  test("an Excel sheet becomes a typed table; a cell that does not fit answers its row and writes nothing", async () => {
    const table = `upx_${engine}_${suffix}`;
    const res = await upload(ids[engine], await workbook(), "fruit.xlsx", { type: "excel", table_name: table, sheet_name: "Data" });
    expect(res.status, await res.clone().text()).toBe(201);
    const rows = await select(ids[engine], `SELECT id, fruit, price FROM ${table} ORDER BY id`);
    expect(rows).toEqual([{ id: 1, fruit: "apple", price: 1.5 }, { id: 2, fruit: "pear", price: 2 }, { id: 3, fruit: "plum", price: null }]);
    const picked = await select(ids[engine], `SELECT picked FROM ${table} WHERE id = 1`);
    expect(String(picked[0].picked)).toMatch(/^2024-01-02[ T]08:30:00/);

    const before = await tableNames(ids[engine]);
    const bad = await upload(ids[engine], await workbook(), "fruit.xlsx", { type: "excel", table_name: `${table}_bad`, sheet_name: "Data", column_data_types: '{"fruit":"int"}' });
    expect(bad.status).toBe(422);
    expect((await json(bad)).message).toMatch(/^Parsing error: line 2: could not convert "apple" in column "fruit" to integer/);
    expect((await tableNames(ids[engine])).filter((t) => !before.includes(t))).toEqual([]);
  });

  test("a Parquet file becomes a table in batches; append adds another file's rows", async () => {
    const table = `upp_${engine}_${suffix}`;
    const first = await upload(ids[engine], parquet(1, 9000), "items.parquet", { type: "columnar", table_name: table });
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await upload(ids[engine], parquet(9001, 10), "more.parquet", { type: "columnar", table_name: table, already_exists: "append" });
    expect(again.status, await again.clone().text()).toBe(201);
    expect(await select(ids[engine], `SELECT COUNT(*) AS n, MIN(id) AS lo, MAX(id) AS hi, SUM(score) AS s FROM ${table}`))
      .toEqual([{ n: 9010, lo: 1, hi: 9010, s: (9010 * 9011) / 4 }]);
    expect(await select(ids[engine], `SELECT label FROM ${table} WHERE id = 4500`)).toEqual([{ label: "item 4500" }]);
  });

  test("a ZIP of Parquet files becomes one table, its files in name order; files with other columns are refused", async () => {
    const table = `upz_${engine}_${suffix}`;
    const zipped = zipSync({ "part-2.parquet": parquet(6001, 4000), "part-1.parquet": parquet(1, 6000), "README.txt": strToU8("not data") });
    const res = await upload(ids[engine], zipped, "items.zip", { type: "columnar", table_name: table });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await select(ids[engine], `SELECT COUNT(*) AS n, MIN(id) AS lo, MAX(id) AS hi, SUM(score) AS s FROM ${table}`))
      .toEqual([{ n: 10_000, lo: 1, hi: 10_000, s: (10_000 * 10_001) / 4 }]);
    const other = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: "x", data: [1, 2], type: "DOUBLE" }] }));
    const bad = await upload(ids[engine], zipSync({ "a.parquet": parquet(1, 3), "b.parquet": other }), "mixed.zip", { type: "columnar", table_name: `${table}_bad` });
    expect(bad.status).toBe(422);
    expect((await json<{ message: string }>(bad)).message).toBe("Parsing error: Parquet file 2 of the ZIP has the columns [x], the first has [id, score, label]");
    expect(await tableNames(ids[engine])).not.toContain(`${table}_bad`);
  });
});

test("a file type's own extensions only; upload_metadata lists each sheet's columns and a Parquet file's", async () => {
  const wrong = await upload(ids.postgresql, await workbook(), "fruit.csv", { type: "excel", table_name: `upw_${suffix}` });
  expect(wrong.status).toBe(400);
  expect(await wrong.json()).toEqual({ message: { file: ["File extension is not allowed."] } });
  // old binary Excel: no reader here, refused by name with the formats that are read
  const xls = await upload(ids.postgresql, new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), "old.xls", { type: "excel", table_name: `upx_${suffix}` });
  expect(xls.status).toBe(400);
  expect((await json<{ message: string }>(xls)).message).toBe("Excel 97-2003 files (.xls) are not supported: save the sheet as .xlsx (Excel), or upload it as CSV or Parquet.");

  const meta = async (bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
    form.set("type", type);
    const res = await admin.raw("/api/v1/database/upload_metadata/", { method: "POST", body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  };
  expect(await meta(await workbook(), "fruit.xlsx", "excel")).toEqual({ result: { items: [
    { column_names: ["just a note"], sheet_name: "Notes" },
    { column_names: ["id", "fruit", "price", "ripe", "picked"], sheet_name: "Data" },
  ] } });
  expect(await meta(parquet(1, 3), "items.parquet", "columnar")).toEqual({ result: { items: [{ column_names: ["id", "score", "label"] }] } });
  expect(await meta(zipSync({ "p.parquet": parquet(1, 3) }), "items.zip", "columnar")).toEqual({ result: { items: [{ column_names: ["id", "score", "label"] }] } });
});

test("a staging table an unfinished upload left behind is dropped by the next upload; a young one is left alone", async () => {
  const stamp = (msAgo: number) => Math.floor((Date.now() - msAgo) / 1000).toString(36);
  const old = `_upload_${stamp(2 * 3600_000)}_${suffix.padEnd(12, "0").slice(0, 12).replace(/[^0-9a-f]/g, "a")}`;
  const young = `_upload_${stamp(60_000)}_${"b".repeat(12)}`;
  await pg.unsafe(`CREATE TABLE public."${old}" (x int)`);
  await pg.unsafe(`CREATE TABLE IF NOT EXISTS public."${young}" (x int)`);
  try {
    const res = await upload(ids.postgresql, new TextEncoder().encode("a\n1\n"), "a.csv", { type: "csv", table_name: `ups_${suffix}` });
    expect(res.status, await res.clone().text()).toBe(201);
    const left = (await pg`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename IN (${old}, ${young})`).map((r) => r.tablename);
    expect(left).toEqual([young]);
  } finally {
    await pg.unsafe(`DROP TABLE IF EXISTS public."${old}", public."${young}"`);
  }
});

test("asked for application/x-ndjson, the upload answers the rows written as it goes, then its status and body", async () => {
  const form = (bytes: Uint8Array, name: string, fields: Record<string, string>) => {
    const f = new FormData();
    f.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };
  const lines = async (body: FormData) => {
    const res = await admin.raw(`/api/v1/database/${ids.d1}/upload/`, { method: "POST", body, headers: { Accept: "application/x-ndjson" } });
    expect(res.headers.get("content-type")).toBe("application/x-ndjson");
    return (await res.text()).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  };
  const ok = await lines(form(parquet(1, 6000), "p.parquet", { type: "columnar", table_name: `upn_${suffix}` }));
  const grows = (lines: Record<string, unknown>[], rows: number) => {
    const progress = lines.slice(0, -1) as { written: number; fraction: number }[];
    expect(progress.length).toBeGreaterThan(2);
    for (const key of ["written", "fraction"] as const) expect(progress.map((p) => p[key])).toEqual([...progress.map((p) => p[key])].sort((x, y) => x - y));
    expect(progress.at(-1)).toEqual({ written: rows, fraction: 1 });
    expect(lines.at(-1)).toEqual({ status: 201, body: { message: "OK" } });
  };
  grows(ok, 6000);
  // a CSV sent after its fields is written as it arrives: the rows past the first ones are written in batches too
  const csv = new TextEncoder().encode("id,word\n" + Array.from({ length: 50_000 }, (_, i) => `${i},w${i % 7}`).join("\n"));
  const streamed = new FormData();
  streamed.set("type", "csv");
  streamed.set("table_name", `upn_csv_${suffix}`);
  streamed.set("file", new File([csv], "s.csv"));
  grows(await lines(streamed), 50_000);

  const bad = await lines(form(new TextEncoder().encode("a,b\n1,2\n3\n"), "bad.csv", { type: "csv", table_name: `upn_bad_${suffix}` }));
  expect(bad).toHaveLength(1);
  expect(bad[0]).toMatchObject({ status: 422, body: { message: "Parsing error: Expected 2 fields in line 3, saw 1" } });
});
