// A large CSV (20 MB, generated on disk at test time, never committed) uploaded to D1 as Superset's clients could
// send it with the file after its fields: the Worker reads it as it arrives, writes it in batches within D1's
// limits, and the table holds every row with the aggregates counted while the file was written. A bad row past
// the rows that chose the types answers its line and leaves nothing; so does a field sent after the file.
// The 100 MB run is `npm run bench -- upload-large`.
import { afterAll, beforeAll, expect, test } from "vitest";
import { mkdtempSync, openAsBlob, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { json, q, unique } from "../support/access";
import { examplesId, newClientId } from "../support/sqllab";
import { generatedRow, GENERATED_HEADER, writeGeneratedCsv } from "../support/generated-csv.mjs";

const MB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), "upload-large-"));
const suffix = unique();
let admin: ApiClient;
let d1: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  d1 = await examplesId(admin);
  expect((await admin.put(`/api/v1/database/${d1}`, { allow_file_upload: true })).status).toBe(200);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fields first, the file last: the order in which the Worker streams the file. */
function send(fields: Record<string, string>, file: Blob, late: Record<string, string> = {}) {
  const form = new FormData();
  form.set("type", "csv");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", file, "big.csv");
  for (const [k, v] of Object.entries(late)) form.set(k, v);
  return admin.raw(`/api/v1/database/${d1}/upload/`, { method: "POST", body: form });
}

async function select(sql: string): Promise<Record<string, unknown>[]> {
  const res = await admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: d1, sql });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ data: Record<string, unknown>[] }>(res)).data;
}

async function tables(): Promise<string[]> {
  const res = await admin.get(`/api/v1/database/${d1}/tables/?q=${q({ schema_name: "main", force: true })}`);
  return (await json<{ result: { value: string }[] }>(res)).result.map((t) => t.value);
}

test("a 20 MB CSV streams into D1: every row, the aggregates counted while writing it, typed columns", { timeout: 300_000 }, async () => {
  const path = join(dir, "big.csv");
  const totals = await writeGeneratedCsv(path, 20 * MB);
  const table = `up_large_${suffix}`;
  const res = await send({ table_name: table }, await openAsBlob(path));
  expect(res.status, await res.clone().text()).toBe(201);
  const [agg] = await select(`SELECT COUNT(*) AS n, SUM(amount) AS amount, SUM(ratio) AS ratio, SUM(flag) AS flagged, SUM(category = 'gamma') AS gamma, MAX(id) AS last FROM ${table}`);
  expect(agg).toEqual({ n: totals.rows, amount: totals.amountSum, ratio: totals.ratioSum, flagged: totals.flagged, gamma: totals.gamma, last: totals.rows });
  const [row] = await select(`SELECT typeof(id) AS id, typeof(ratio) AS ratio, typeof(day) AS day, note FROM ${table} WHERE id = ${totals.rows}`);
  expect(row).toEqual({ id: "integer", ratio: "real", day: "text", note: `note ${totals.rows}, with a comma and "quotes" to widen the row` });
  const ds = await admin.get(`/api/v1/dataset/?q=${q({ filters: [{ col: "table_name", opr: "eq", value: table }] })}`);
  expect((await json<{ count: number }>(ds)).count).toBe(1);
});

test("a bad value after the rows that chose the types answers its line; nothing is written", { timeout: 120_000 }, async () => {
  const rows = Array.from({ length: 30_000 }, (_, i) => generatedRow(i + 1).line);
  rows[24_999] = rows[24_999].replace(/^25000,/, "25000.5,"); // line 25,001 of the file (the header is line 1)
  const table = `up_late_bad_${suffix}`;
  const res = await send({ table_name: table }, new Blob([`${GENERATED_HEADER}\n${rows.join("\n")}\n`]));
  expect(res.status).toBe(422);
  expect((await json<{ message: string }>(res)).message).toBe(
    'Parsing error: line 25001: could not convert "25000.5" in column "id" to integer (the type its first rows have: give another in column_data_types)',
  );
  const left = await tables();
  expect(left).not.toContain(table);
  expect(left.filter((t) => t.startsWith("_upload_"))).toEqual([]);
});

test("a form field sent after a streamed file is refused before the table is made", async () => {
  const table = `up_late_field_${suffix}`;
  const res = await send({ table_name: table }, new Blob([`a,b\n1,2\n`]), { delimiter: ";" });
  expect(res.status).toBe(400);
  expect((await json<{ message: string }>(res)).message).toBe("The form field delimiter came after the file: send the file last");
  expect(await tables()).not.toContain(table);
});
