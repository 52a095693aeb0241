import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { json, unique } from "../support/access";
import { boundReader, type BoundReader } from "../support/rls";
import { openDatabase } from "../../db/client";
import { loadPrincipal } from "../../db/security/principals";
import { runReport } from "../../services/reports/execute";
import { chartContent } from "../../services/reports/content";
import type { Env } from "../../services/env";

// Row-level security on the rows a report or an alert reads as its executor, and on the physical tables a
// virtual dataset's SQL names (issue 28). The rule binds a role of the reader's own on the physical birth_names
// dataset, so no other user of the shared D1 is touched.

const workerEnv = env as unknown as Env;
const db = () => openDatabase(workerEnv.DB);
let admin: ApiClient;
let girls: BoundReader;
let chartId: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  girls = await boundReader(admin, "birth_names", "gender = 'girl'");
  const made = await admin.post("/api/v1/chart/", {
    slice_name: `RLS report ${unique()}`, viz_type: "table", datasource_id: girls.datasetId, datasource_type: "table",
    params: JSON.stringify({ viz_type: "table", datasource: `${girls.datasetId}__table`, query_mode: "aggregate", groupby: ["gender"], metrics: ["count"], adhoc_filters: [], row_limit: 10, time_range: "No filter" }),
  });
  expect(made.status).toBe(201);
  chartId = (await json(made)).id as number;
});

const genders = (rows: { gender: string }[]) => [...new Set(rows.map((r) => r.gender))].sort();

test("an alert's SQL runs through its executor's rules: the value logged counts only the rows the executor may see", async () => {
  const report = async (owner: number) => {
    const res = await admin.post("/api/v1/report/", {
      type: "Alert", name: `RLS alert ${unique()}`, crontab: "0 * * * *", chart: chartId, database: girls.databaseId, owners: [owner],
      sql: "SELECT COUNT(DISTINCT b.gender) FROM birth_names AS b WHERE b.gender IN (SELECT gender FROM main.birth_names)",
      validator_type: "operator", validator_config_json: { op: ">", threshold: 5 },
      recipients: [{ type: "Email", recipient_config_json: { target: "ops@example.com" } }],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json(res)).id as number;
  };
  const run = async (id: number) => {
    const at = new Date().toISOString();
    const outcome = await runReport({
      env: workerEnv, db: db(), scheduleId: id, scheduledAt: at, executionId: crypto.randomUUID(), startedAt: at,
      journal: { state: () => "pending", mark: () => {} }, retry: { attempts: 1, baseMs: 1 },
    });
    const log = await workerEnv.DB.prepare("SELECT state, value FROM report_execution_log WHERE report_schedule_id = ? ORDER BY id DESC LIMIT 1").bind(id).first<{ state: string; value: string }>();
    return { outcome, log };
  };
  // the same SQL as the admin (no rule binds it) sees both genders; as the bound reader, one
  const asAdmin = await run(await report((await json(await admin.get("/api/v1/me/"))).result.id as number));
  expect(asAdmin.log).toMatchObject({ state: "Not triggered", value: "2" });
  const asGirls = await run(await report(girls.id));
  expect(asGirls.outcome.state).toBe("Not triggered");
  expect(asGirls.log).toMatchObject({ state: "Not triggered", value: "1" });
});

test("a chart report's CSV, made as its executor, holds only the rows the executor's rules allow", async () => {
  const csvOf = async (userId: number) => {
    const principal = (await loadPrincipal(db(), userId))!;
    const content = await chartContent({ env: workerEnv, db: db(), secret: workerEnv.SECRET_KEY ?? "", principal, now: new Date(), force: false }, chartId, "CSV");
    const lines = new TextDecoder().decode(content.csv!).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    return lines.slice(1).map((l) => l.split(",")[0]).sort();
  };
  expect(await csvOf((await json(await admin.get("/api/v1/me/"))).result.id as number)).toEqual(["boy", "girl"]);
  expect(await csvOf(girls.id)).toEqual(["girl"]);
});

test("a virtual dataset reading a protected table is filtered by that table's rules, on every query it makes", async () => {
  const ds = await admin.post("/api/v1/dataset/", {
    database: girls.databaseId, schema: "main", table_name: `rls_virtual_${unique()}`,
    sql: "SELECT b.name, b.gender, b.num FROM birth_names b JOIN (SELECT DISTINCT gender AS g FROM \"birth_names\") k ON k.g = b.gender",
  });
  expect(ds.status, await ds.clone().text()).toBe(201);
  const id = (await json(ds)).id as number;
  const body = { datasource: { id, type: "table" }, queries: [{ columns: ["gender"], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }], orderby: [["gender", true]], row_limit: 10 }], result_format: "json", result_type: "full" };
  const read = async (client: ApiClient, extra: Record<string, unknown> = {}) => {
    const res = await client.post("/api/v1/chart/data", { ...body, ...extra });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json<{ result: Record<string, any>[] }>(res)).result[0];
  };
  const all = await read(admin);
  expect(genders(all.data)).toEqual(["boy", "girl"]);
  const mine = await read(girls.client);
  expect(genders(mine.data)).toEqual(["girl"]);
  expect(mine.query).toContain("gender = 'girl'");
  expect(mine.cache_key).not.toBe(all.cache_key);
  // samples and the full CSV read through the same source
  const samples = await read(girls.client, { result_type: "samples" });
  expect(genders(samples.data)).toEqual(["girl"]);
  const csv = await girls.client.post("/api/v1/chart/data", { ...body, result_format: "csv" });
  expect(csv.status).toBe(200);
  expect(await csv.text()).not.toMatch(/^boy,/m);
  // its cached answer by key is not handed to the bound reader
  expect((await girls.client.get(`/api/v1/chart/data/${all.cache_key}`)).status).toBe(404);
});

test("with RLS_IN_SQLLAB off (Superset's default) SQL Lab reads tables as they are, and says nothing of the rules", async () => {
  const res = await girls.client.post("/api/v1/sqllab/execute/", { client_id: Math.random().toString(36).slice(2, 13).padEnd(11, "x"), database_id: girls.databaseId, runAsync: false, sql: "SELECT DISTINCT gender FROM birth_names ORDER BY gender" });
  expect(res.status).toBe(200);
  const body = await json(res);
  expect(genders(body.data)).toEqual(["boy", "girl"]);
  expect(body.query.executedSql).toBe("SELECT DISTINCT gender FROM birth_names ORDER BY gender");
});
