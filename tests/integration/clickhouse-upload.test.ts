// Uploads into ClickHouse (127.0.0.1:8123) through the real Worker: the table's types as ClickHouse has them
// (MergeTree, Nullable only where empties are, DateTime in UTC), text that holds the data format's own
// separators read back whole, chart data on the uploaded dataset, a column whose first empty comes after the
// rows that chose the types, and a date ClickHouse cannot hold refused with its line, leaving nothing behind.
// fail / replace / append and the common bad rows run in database-upload.test.ts on every engine.
import { afterAll, beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { json, q, unique } from "../support/access";
import { selectRows, uploadFile } from "../support/uploads";

const CH = "http://127.0.0.1:8123/";
let admin: ApiClient;
let id: number;
const suffix = unique();

async function direct(sql: string): Promise<string> {
  const res = await fetch(CH, { method: "POST", body: sql });
  const text = await res.text();
  if (!res.ok) throw new Error(text);
  return text;
}

/** name → type of the table's columns, and its table engine, as ClickHouse reports them. */
async function described(table: string) {
  const types = JSON.parse(await direct(`SELECT name, type FROM system.columns WHERE database = 'test' AND table = '${table}' FORMAT JSONCompact`)).data as [string, string][];
  const engine = (await direct(`SELECT engine FROM system.tables WHERE database = 'test' AND name = '${table}'`)).trim();
  return { types: Object.fromEntries(types), engine };
}

const stagingTables = async () => (await direct("SELECT name FROM system.tables WHERE database = 'test' AND name LIKE '\\\\_upload\\\\_%'")).split("\n").filter(Boolean);

beforeAll(async () => {
  await direct("CREATE DATABASE IF NOT EXISTS test");
  admin = await loginAsAdmin();
  const res = await admin.post("/api/v1/database/", { database_name: `ch upload ${suffix}`, sqlalchemy_uri: "clickhousedb://default@127.0.0.1:8123/test", expose_in_sqllab: true, allow_file_upload: true });
  expect(res.status, await res.clone().text()).toBe(201);
  id = (await json<{ id: number }>(res)).id;
});

afterAll(async () => {
  for (const name of (await direct(`SELECT name FROM system.tables WHERE database = 'test' AND name LIKE '%\\_${suffix}'`)).split("\n").filter(Boolean)) {
    await direct(`DROP TABLE IF EXISTS test.\`${name}\``);
  }
});

const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`;
const TRICKY = 'tab\there, "quoted", back\\slash \\N ? \'q\'\nnext line\r\n`tick`';

test("a CSV becomes a MergeTree table with ClickHouse types; text with the format's separators reads back whole; chart data on it", async () => {
  const table = `ch_up_${suffix}`;
  const csv = ["id,we`ird name,price,ok,day,note", `1,a,1.5,true,2024-01-02 10:30:00,${csvCell(TRICKY)}`, "2,b,,false,2024-01-02 23:00:00,plain", "3,c,4,true,2024-01-03,"].join("\n");
  const res = await uploadFile(admin, id, csv, { table_name: table, column_dates: "day" });
  expect(res.status, await res.clone().text()).toBe(201);
  expect(await described(table)).toEqual({
    types: { id: "Int64", "we`ird name": "String", price: "Nullable(Float64)", ok: "UInt8", day: "DateTime('UTC')", note: "Nullable(String)" },
    engine: "MergeTree",
  });
  expect(await selectRows(admin, id, `SELECT id, \`we\`\`ird name\` AS w, price, ok, toString(day) AS day, note FROM ${table} ORDER BY id`)).toEqual([
    { id: 1, w: "a", price: 1.5, ok: 1, day: "2024-01-02 10:30:00", note: TRICKY },
    { id: 2, w: "b", price: null, ok: 0, day: "2024-01-02 23:00:00", note: "plain" },
    { id: 3, w: "c", price: 4, ok: 1, day: "2024-01-03 00:00:00", note: null },
  ]);

  const list = await json<{ result: { id: number }[] }>(await admin.get(`/api/v1/dataset/?q=${q({ filters: [{ col: "table_name", opr: "eq", value: table }] })}`));
  expect(list.result).toHaveLength(1);
  const chart = await admin.post("/api/v1/chart/data", {
    datasource: { id: list.result[0].id, type: "table" }, result_format: "json", result_type: "full",
    queries: [{
      columns: [{ columnType: "BASE_AXIS", sqlExpression: "day", label: "day", expressionType: "SQL" }],
      metrics: [{ expressionType: "SIMPLE", column: { column_name: "id" }, aggregate: "SUM", label: "total" }],
      extras: { time_grain_sqla: "P1D" }, orderby: [["day", true]],
    }],
  });
  expect(chart.status, await chart.clone().text()).toBe(200);
  const rows = (await json(chart)).result[0].data as { day: number; total: number }[];
  expect(rows.map((r) => [r.day, Number(r.total)])).toEqual([[Date.UTC(2024, 0, 2), 3], [Date.UTC(2024, 0, 3), 3]]);
});

test("a column whose first empty comes after the rows that chose the types is made Nullable then; every row is written", async () => {
  const table = `ch_late_${suffix}`;
  // 25,000 rows: more than the 20,000 held to choose the types; v is empty only in the last one
  const n = 25_000;
  const lines = Array.from({ length: n }, (_, i) => `${i + 1},${i === n - 1 ? "" : i * 2}`);
  const res = await uploadFile(admin, id, `k,v\n${lines.join("\n")}\n`, { table_name: table });
  expect(res.status, await res.clone().text()).toBe(201);
  expect((await described(table)).types).toEqual({ k: "Int64", v: "Nullable(Int64)" });
  expect(await selectRows(admin, id, `SELECT count() AS n, countIf(v IS NULL) AS empty, max(v) AS top FROM ${table}`)).toEqual([{ n, empty: 1, top: (n - 2) * 2 }]);
}, 60_000);

test("a date ClickHouse cannot hold is a bad row with its line and column; the table is as it was and no staging table is left", async () => {
  const table = `ch_dates_${suffix}`;
  expect((await uploadFile(admin, id, "k,at\n1,2024-05-01\n", { table_name: table, column_dates: "at" })).status).toBe(201);
  for (const when of ["1969-07-20", "2106-01-01 00:00:00"]) {
    const res = await uploadFile(admin, id, `k,at\n1,2000-01-01\n2,2001-01-01\n3,${when}\n`, { table_name: table, column_dates: "at", already_exists: "replace" });
    expect(res.status).toBe(422);
    const expected = `${when.slice(0, 10)} 00:00:00`;
    expect((await json<{ message: string }>(res)).message).toBe(`Parsing error: line 4: could not write "${expected}": ClickHouse stores dates from 1970-01-01 to 2105-12-31 in column "at"`);
  }
  expect(await selectRows(admin, id, `SELECT k, toString(at) AS at FROM ${table}`)).toEqual([{ k: 1, at: "2024-05-01 00:00:00" }]);
  expect(await stagingTables()).toEqual([]);
});

test("an append whose values the table's types refuse fails whole, naming ClickHouse's error", async () => {
  const table = `ch_append_${suffix}`;
  expect((await uploadFile(admin, id, "k,v\n1,10\n", { table_name: table })).status).toBe(201);
  // v is Int64 without empties: an empty v would be NULL in a column that holds none
  const res = await uploadFile(admin, id, "k,v\n2,\n3,30\n", { table_name: table, already_exists: "append" });
  expect(res.status).toBe(422);
  expect((await json<{ message: string }>(res)).message).toMatch(/^Database upload file failed: /);
  expect(await selectRows(admin, id, `SELECT k, v FROM ${table} ORDER BY k`)).toEqual([{ k: 1, v: 10 }]);
  expect(await stagingTables()).toEqual([]);
});

test("the table is sorted by the columns the user names (sort_key); an empty in one is a bad row; a name not in the file is refused", async () => {
  const table = `ch_sorted_${suffix}`;
  const res = await uploadFile(admin, id, "city,day,v\nb,2024-01-02,1\na,2024-01-01,\n", { table_name: table, column_dates: "day", sort_key: "city,day" });
  expect(res.status, await res.clone().text()).toBe(201);
  const key = (await direct(`SELECT sorting_key FROM system.tables WHERE database = 'test' AND name = '${table}'`)).trim();
  expect(key).toBe("city, day");
  // the key's columns take no empties (18.16 refuses a Nullable sorting key); the others still do
  expect((await described(table)).types).toEqual({ city: "String", day: "DateTime('UTC')", v: "Nullable(Int64)" });
  expect(await selectRows(admin, id, `SELECT city, v FROM ${table}`)).toEqual([{ city: "a", v: null }, { city: "b", v: 1 }]);

  const empty = await uploadFile(admin, id, "city,v\nx,1\n,2\n", { table_name: `${table}_e`, sort_key: "city" });
  expect(empty.status).toBe(422);
  expect((await json<{ message: string }>(empty)).message).toBe('Parsing error: line 3: column "city" is in the table\'s sort key and may not be empty');
  const unknown = await uploadFile(admin, id, "city,v\nx,1\n", { table_name: `${table}_u`, sort_key: "town" });
  expect(unknown.status).toBe(422);
  expect((await json<{ message: string }>(unknown)).message).toBe('The sort key names columns the file does not have: "town".');
  expect(await stagingTables()).toEqual([]);
});
