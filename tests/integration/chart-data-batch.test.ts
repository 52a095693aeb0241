import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, workerFetch, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, pairFor, pairs, unique } from "../support/access";
import { datasourcePermName } from "../../core/security/permissions";
import { newClientId } from "../support/sqllab";

// POST /api/v1/chart/data/batch over HTTP against the real Worker (wrangler dev): one request, NDJSON lines,
// each line what POST /api/v1/chart/data answers for that context alone (status and body), so access refusals,
// errors and cache hits are per chart. Figures are checked against the single-context route and SQL Lab.

let admin: ApiClient;
let births: Awaited<ReturnType<typeof exampleDataset>>;
let sales: Awaited<ReturnType<typeof exampleDataset>>;

interface Line { index: number; status: number; body: Record<string, any> }

beforeAll(async () => {
  admin = await loginAsAdmin();
  births = await exampleDataset(admin, "birth_names");
  sales = await exampleDataset(admin, "cleaned_sales_data");
});

/** A context on a dataset; `label` makes its metric (and so its cache key) unique to this run. */
const context = (datasetId: number, query: Record<string, unknown>) => ({ datasource: { id: datasetId, type: "table" }, queries: [query], result_format: "json", result_type: "full" });
const count = (label: string) => ({ expressionType: "SQL", sqlExpression: "COUNT(*)", label });

/** The batch's lines, read as a stream, with the response. */
async function batch(client: ApiClient, contexts: unknown[], query = ""): Promise<{ res: Response; lines: Line[] }> {
  const res = await client.post(`/api/v1/chart/data/batch${query}`, { contexts });
  if (res.status !== 200) return { res, lines: [] };
  const text = await res.text();
  expect(text.endsWith("\n")).toBe(true);
  return { res, lines: text.trimEnd().split("\n").map((l) => JSON.parse(l) as Line) };
}

const byIndex = (lines: Line[]) => Object.fromEntries(lines.map((l) => [l.index, l]));

test("one NDJSON line per context, each the answer POST /api/v1/chart/data gives for it alone", async () => {
  const label = `n_${unique()}`;
  const contexts = [
    context(births.id, { columns: ["gender"], metrics: [count(label)], orderby: [["gender", true]] }),
    context(sales.id, { columns: [], metrics: [count(label)] }),
    context(births.id, { columns: ["state"], metrics: [count(label)], filters: [{ col: "state", op: "IN", val: ["CA", "NY"] }], orderby: [["state", true]] }),
  ];
  const { res, lines } = await batch(admin, contexts);
  expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
  expect(lines.map((l) => l.index).sort()).toEqual([0, 1, 2]);
  for (const line of lines) {
    expect(line.status).toBe(200);
    const single = await json(await admin.post("/api/v1/chart/data", contexts[line.index]));
    expect(line.body.result[0].data).toEqual(single.result[0].data);
    expect(line.body.result[0].colnames).toEqual(single.result[0].colnames);
  }
  const sql = await json(await admin.post("/api/v1/sqllab/execute/", {
    client_id: newClientId(), database_id: births.database.id, runAsync: false,
    sql: "SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender ORDER BY gender",
  }));
  expect(byIndex(lines)[0].body.result[0].data.map((r: any) => [r.gender, r[label]])).toEqual(sql.data.map((r: any) => [r.gender, r.n]));
});

test("access is checked per chart: a dataset the caller may not read is a 403 on its own line", async () => {
  const all = await pairs(admin);
  const reader = await gammaWith(admin, [pairFor(all, "datasource_access", datasourcePermName(births.database.database_name, "birth_names", births.id))!.id]);
  const label = `n_${unique()}`;
  const { lines } = await batch(reader, [context(births.id, { metrics: [count(label)] }), context(sales.id, { metrics: [count(label)] })]);
  const got = byIndex(lines);
  expect(got[0].status).toBe(200);
  expect(got[0].body.result[0].data[0][label]).toBeGreaterThan(0);
  expect(got[1].status).toBe(403);
  expect(got[1].body.errors[0].error_type).toBe("DATASOURCE_SECURITY_ACCESS_ERROR");
  expect(got[1].body.message).toBe((await json(await reader.post("/api/v1/chart/data", context(sales.id, { metrics: [count(label)] })))).message);
  expect(got[1].body.result).toBeUndefined();
});

test("errors are per chart, in the single route's envelopes; the good charts still answer", async () => {
  const label = `n_${unique()}`;
  const { lines } = await batch(admin, [
    context(births.id, { columns: ["no_such_column"], metrics: [count(label)] }),
    context(births.id, { metrics: [count(label)] }),
    context(99_999_999, { metrics: [count(label)] }),
    { ...context(births.id, { metrics: [count(label)] }), result_format: "csv" },
    { datasource: { id: births.id, type: "table" }, queries: "not a list" },
    context(births.id, { metrics: [count(label)], extras: { where: "1=1; DROP TABLE birth_names" } }),
  ]);
  const got = byIndex(lines);
  expect(lines).toHaveLength(6);
  expect(got[0]).toMatchObject({ status: 400, body: { errors: [{ error_type: "COLUMN_DOES_NOT_EXIST_ERROR", message: "Columns missing in dataset: ['no_such_column']" }] } });
  expect(got[1].status).toBe(200);
  expect(got[2].status).toBe(404);
  expect(got[3]).toMatchObject({ status: 400, body: { message: expect.stringContaining("JSON only") } });
  expect(got[4].status).toBe(400);
  expect(got[5].status).toBe(400);
  for (const line of lines.filter((l) => l.status !== 200)) expect(JSON.stringify(line.body)).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack traces
});

test("cache: a repeated context is answered from the cache; force=true runs it again", async () => {
  const contexts = [context(births.id, { columns: ["gender"], metrics: [count(`c_${unique()}`)] }), context(sales.id, { metrics: [count(`c_${unique()}`)] })];
  const first = byIndex((await batch(admin, contexts)).lines);
  expect([first[0].body.result[0].is_cached, first[1].body.result[0].is_cached]).toEqual([false, false]);
  // the cache is written after each answer (waitUntil)
  await expect.poll(async () => (await batch(admin, contexts)).lines.every((l) => l.body.result[0].is_cached), { timeout: 10_000 }).toBe(true);
  const warm = byIndex((await batch(admin, contexts)).lines);
  expect(warm[0].body.result[0].cache_key).toBe(first[0].body.result[0].cache_key);
  expect(warm[0].body.result[0].data).toEqual(first[0].body.result[0].data);
  // the batch and the single route share the cache
  expect((await json(await admin.post("/api/v1/chart/data", contexts[1]))).result[0].is_cached).toBe(true);
  const forced = (await batch(admin, contexts, "?force=true")).lines;
  expect(forced.map((l) => l.body.result[0].is_cached)).toEqual([false, false]);
});

test("the batch itself: malformed bodies are a 400 envelope; readers without chart access are refused", async () => {
  for (const body of [{}, { contexts: [] }, { contexts: [1] }, { contexts: Array.from({ length: 101 }, () => ({})) }]) {
    const res = await admin.post("/api/v1/chart/data/batch", body);
    expect(res.status).toBe(400);
    expect((await json(res)).errors[0].error_type).toBe("INVALID_PAYLOAD_FORMAT_ERROR");
  }
  const anonymous = await workerFetch("/api/v1/chart/data/batch", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ contexts: [{}] }) });
  expect([401, 403]).toContain(anonymous.status);
});

test("samples for drill to detail: Superset's path and body, the chart's filters and WHERE, 50 a page with the total", async () => {
  const body = { filters: [{ col: "state", op: "==", val: "CA" }, { col: "gender", op: "==", val: "girl" }], extras: { where: "num > 20" }, time_range: "No filter" };
  const path = (page: number) => `/datasource/samples?force=false&datasource_type=table&datasource_id=${births.id}&per_page=50&page=${page}`;
  const [page1, page3] = await Promise.all([json(await admin.post(path(1), body)), json(await admin.post(path(3), body))]);
  const sql = await json(await admin.post("/api/v1/sqllab/execute/", {
    client_id: newClientId(), database_id: births.database.id, runAsync: false,
    sql: "SELECT COUNT(*) AS n FROM birth_names WHERE state = 'CA' AND gender = 'girl' AND num > 20",
  }));
  const total = Number(sql.data[0].n);
  expect(total).toBeGreaterThan(150);
  expect(page1.result).toMatchObject({ page: 1, per_page: 50, total_count: total, rowcount: 50 });
  expect(page3.result).toMatchObject({ page: 3, per_page: 50, total_count: total, rowcount: 50 });
  for (const row of [...page1.result.data, ...page3.result.data]) expect([row.state, row.gender, row.num > 20]).toEqual(["CA", "girl", true]);
  expect(page3.result.data).not.toEqual(page1.result.data);
  const all = await pairs(admin);
  const readDatasource = pairFor(all, "can_read", "Datasource");
  const blind = await gammaWith(admin, readDatasource ? [readDatasource.id] : []);
  expect((await blind.post(path(1), body)).status).toBe(403);
});
