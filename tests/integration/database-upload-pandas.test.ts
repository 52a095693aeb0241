// Uploads read as Superset's pandas-based ones, through the real Worker over HTTP: a CSV wider than a D1 table
// holds is refused before anything is written (PostgreSQL takes it), pandas' missing-value tokens become NULL
// without turning a numeric column into text, and year-only / year-month values of a parse_dates column become
// their first day.
import { beforeAll, describe, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { json, q, unique } from "../support/access";
import { examplesId } from "../support/sqllab";
import { selectRows, uploadFile } from "../support/uploads";

let admin: ApiClient;
const ids: Record<string, number> = {};
const schemaOf: Record<string, string> = { d1: "main", postgresql: "public" };
const suffix = unique();

beforeAll(async () => {
  admin = await loginAsAdmin();
  ids.d1 = await examplesId(admin);
  expect((await admin.put(`/api/v1/database/${ids.d1}`, { allow_file_upload: true })).status).toBe(200);
  const res = await admin.post("/api/v1/database/", { database_name: `pandas upload ${suffix}`, sqlalchemy_uri: "postgresql://postgres@127.0.0.1:5432/test", expose_in_sqllab: true, allow_file_upload: true });
  expect(res.status, await res.clone().text()).toBe(201);
  ids.postgresql = (await json<{ id: number }>(res)).id;
});

const upload = (databaseId: number, csv: string, fields: Record<string, string>) => uploadFile(admin, databaseId, csv, fields);
const select = (databaseId: number, sql: string) => selectRows(admin, databaseId, sql);

async function tableNames(engine: string): Promise<string[]> {
  const res = await admin.get(`/api/v1/database/${ids[engine]}/tables/?q=${q({ schema_name: schemaOf[engine], force: true })}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ result: { value: string }[] }>(res)).result.map((t) => t.value);
}

const WIDTH = 137;
const WIDE = [Array.from({ length: WIDTH }, (_, i) => `c${i}`).join(","), Array.from({ length: WIDTH }, (_, i) => String(i)).join(",")].join("\n");

test("a 137-column CSV into D1 is refused with the limit and the way out, and leaves no table behind", async () => {
  const name = `up_wide_${suffix}`;
  const before = await tableNames("d1");
  const res = await upload(ids.d1, WIDE, { table_name: name });
  expect(res.status).toBe(422);
  const body = await json<{ message: string; errors: { message: string; error_type: string }[] }>(res);
  expect(body.message).toBe(
    'The file has 137 columns to write, but a table in a D1 database holds at most 100. Pick at most 100 columns with "Columns to read", or upload the file into a PostgreSQL or MySQL database.',
  );
  expect(body.message).not.toMatch(/_upload_/);
  expect((await tableNames("d1")).filter((t) => !before.includes(t))).toEqual([]);
  // the way out: fewer columns read
  const picked = await upload(ids.d1, WIDE, { table_name: name, columns_read: "c0,c136" });
  expect(picked.status, await picked.clone().text()).toBe(201);
  expect(await select(ids.d1, `SELECT * FROM ${name}`)).toEqual([{ c0: 0, c136: 136 }]);
});

test("a 137-column CSV into PostgreSQL is written whole", async () => {
  const name = `up_wide_${suffix}`;
  const res = await upload(ids.postgresql, WIDE, { table_name: name });
  expect(res.status, await res.clone().text()).toBe(201);
  const [row] = await select(ids.postgresql, `SELECT * FROM ${name}`);
  expect(Object.keys(row)).toHaveLength(WIDTH);
  expect(row.c136).toBe(136);
});

describe.each(["d1", "postgresql"])("%s", (engine) => {
  test("pandas' missing tokens are NULL and a year-only date column is read as pandas parses it", async () => {
    const name = `up_na_${engine}_${suffix}`;
    const csv = ["id,amount,label,founded,month", "1,1.5,a,2006,2006-03", "2,N/A,#N/A,NA,", "3,nan,NULL,2007,n/a", "4,-1.#IND,<NA>,None,2008-12", "5,2,null,NaN,NaT"].join("\n");
    // an empty null_values field, as a form sends it, keeps pandas' defaults
    const res = await upload(ids[engine], csv, { table_name: name, column_dates: "founded,month", null_values: "" });
    expect(res.status, await res.clone().text()).toBe(201);
    const rows = await select(ids[engine], `SELECT id, amount, label, CAST(founded AS TEXT) AS founded, CAST(month AS TEXT) AS month FROM ${name} ORDER BY id`);
    expect(rows).toEqual([
      { id: 1, amount: 1.5, label: "a", founded: "2006-01-01 00:00:00", month: "2006-03-01 00:00:00" },
      { id: 2, amount: null, label: null, founded: null, month: null },
      { id: 3, amount: null, label: null, founded: "2007-01-01 00:00:00", month: null },
      { id: 4, amount: null, label: null, founded: null, month: "2008-12-01 00:00:00" },
      { id: 5, amount: 2, label: null, founded: null, month: null },
    ]);
    // amount stayed numeric: the column sums
    expect(await select(ids[engine], `SELECT SUM(amount) AS total FROM ${name}`)).toEqual([{ total: 3.5 }]);
  });
});
