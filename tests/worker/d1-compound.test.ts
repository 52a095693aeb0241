import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, json, unique } from "../support/access";
import { newClientId } from "../support/sqllab";

// D1 (and workerd's local D1) refuses a compound SELECT of more than 5 terms ("too many terms in compound
// SELECT"); Superset's example virtual datasets are UNION ALL chains of 12. Every D1 query is regrouped into
// nested compounds of at most 5 terms (core/sql-gate/compound.ts), on each path that runs SQL on the examples D1.

let admin: ApiClient;
let database: number;

/** Twelve rows, one per term: label r01..r12, n 1..12, in term order. */
const twelve = Array.from({ length: 12 }, (_, i) => `SELECT 'r${String(i + 1).padStart(2, "0")}' AS label, ${i + 1} AS n`).join("\nUNION ALL ");
const labels = Array.from({ length: 12 }, (_, i) => `r${String(i + 1).padStart(2, "0")}`);

const run = (sql: string) => admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: database, runAsync: false, sql });

beforeAll(async () => {
  admin = await loginAsAdmin();
  database = (await exampleDataset(admin, "birth_names")).database.id;
});

test("SQL Lab runs a 12-term UNION ALL on D1 and answers all 12 rows in order", async () => {
  const res = await run(twelve);
  expect(res.status).toBe(200);
  const body = await json(res);
  expect(body.columns.map((c: { column_name: string }) => c.column_name)).toEqual(["label", "n"]);
  expect(body.data).toEqual(labels.map((label, i) => ({ label, n: i + 1 })));

  // a trailing ORDER BY / LIMIT applies to the whole chain; mixed operators keep SQLite's left-to-right reading
  const ordered = await json(await run(`${twelve}\nORDER BY n DESC LIMIT 3`));
  expect(ordered.data.map((r: { n: number }) => r.n)).toEqual([12, 11, 10]);
  const mixed = await json(await run("SELECT 1 AS n UNION SELECT 2 UNION ALL SELECT 2 EXCEPT SELECT 2 UNION SELECT 3 INTERSECT SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 4"));
  expect(mixed.data.map((r: { n: number }) => r.n)).toEqual([3, 4, 4]);
  const distinct = await json(await run(Array.from({ length: 9 }, (_, i) => `SELECT state AS s FROM birth_names WHERE state = '${i % 2 ? "CA" : "NY"}'`).join(" UNION ")));
  expect(distinct.data).toEqual([{ s: "CA" }, { s: "NY" }]);
});

test("a chain that cannot be regrouped is refused before it runs, naming D1's limit of 5 terms", async () => {
  const res = await run(Array.from({ length: 6 }, (_, i) => `SELECT 'x${i}' COLLATE NOCASE AS s`).join(" UNION "));
  expect(res.status).toBe(400);
  const body = await json(res);
  expect(body.errors[0].error_type).toBe("GENERIC_DB_ENGINE_ERROR");
  expect(body.errors[0].message).toMatch(/^D1 error: D1 allows at most 5 terms in a compound SELECT .*This one has 6/);
  expect(JSON.stringify(body)).not.toMatch(/SQLITE_|too many terms/);
});

test("a 12-term UNION ALL virtual dataset serves chart data, samples and filter values", async () => {
  const made = await admin.post("/api/v1/dataset/", { database, schema: "main", table_name: `compound_${unique()}`, sql: twelve });
  expect(made.status).toBe(201);
  const id = (await json(made)).id as number;
  try {
    const detail = await json(await admin.get(`/api/v1/dataset/${id}`));
    expect(detail.result.columns.map((c: { column_name: string }) => c.column_name).sort()).toEqual(["label", "n"]);

    const data = await json(await admin.post("/api/v1/chart/data", {
      datasource: { id, type: "table" },
      queries: [{ columns: ["label"], metrics: ["count"], orderby: [["label", true]], row_limit: 100 }],
    }));
    expect(data.result[0].rowcount).toBe(12);
    expect(data.result[0].data).toEqual(labels.map((label) => ({ label, count: 1 })));

    const samples = await json(await admin.post(`/datasource/samples?datasource_type=table&datasource_id=${id}`, {}));
    expect(samples.result).toMatchObject({ total_count: 12, rowcount: 12 });
    expect(samples.result.data.map((r: { label: string }) => r.label)).toEqual(labels);

    const values = await json(await admin.get(`/api/v1/datasource/table/${id}/column/label/values/`));
    expect(values.result).toEqual(labels);
  } finally {
    await admin.delete(`/api/v1/dataset/${id}`);
  }
});
