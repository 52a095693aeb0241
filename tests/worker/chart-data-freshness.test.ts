import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { getChartType } from "../../core/charts/registry";
import type { FormData } from "../../core/charts/contract";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, json, unique } from "../support/access";

// Chart data that must not silently be wrong, through the real Worker on real D1: a dashboard's time range
// (extra_form_data) bounds the rows a chart reads, and a forced run replaces the cached answer in every layer
// (the isolate's front cache, the Cache API), so the next plain request reads the refreshed rows.

let admin: ApiClient;
beforeAll(async () => {
  admin = await loginAsAdmin();
});

const examples = () => (env as unknown as { EXAMPLES: D1Database }).EXAMPLES;
type Result = { data: Record<string, unknown>[]; is_cached: boolean; cache_key: string };
const resultOf = async (res: Response): Promise<Result> => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ result: Result[] }>(res)).result[0];
};

/** The NDJSON lines of a batch answer (read as bytes: workerd warns on .text() of an NDJSON body). */
async function batchLines(res: Response): Promise<{ status: number; body: { result: Result[] } }[]> {
  expect(res.status).toBe(200);
  return new TextDecoder().decode(await res.arrayBuffer()).trim().split("\n").map((l) => JSON.parse(l));
}

test("a dashboard's time range (extra_form_data.time_range) bounds the rows of a chart saved with No filter", async () => {
  const births = await exampleDataset(admin, "birth_names");
  const line: FormData = {
    datasource: `${births.id}__table`, viz_type: "echarts_timeseries_line", x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["count"], groupby: [],
    adhoc_filters: [{ clause: "WHERE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "No filter", expressionType: "SIMPLE" }], row_limit: 10_000,
  };
  const years = async (formData: FormData) => {
    const result = await resultOf(await admin.post("/api/v1/chart/data", getChartType("echarts_timeseries_line")!.buildQuery(formData)));
    return result.data.map((r) => new Date(r.ds as number).getUTCFullYear());
  };
  const all = await years(line);
  expect(Math.min(...all)).toBeLessThan(1990);
  expect(Math.max(...all)).toBeGreaterThanOrEqual(2000);
  const bounded = await years({ ...line, extra_form_data: { time_range: "1990-01-01 : 2000-01-01" } });
  expect(bounded.length).toBeGreaterThan(0);
  expect(Math.min(...bounded)).toBe(1990);
  expect(Math.max(...bounded)).toBe(1999);
  // the dashboard's batch request (first paint and filter apply) reads the same bounds
  const batch = await admin.post("/api/v1/chart/data/batch", { contexts: [getChartType("echarts_timeseries_line")!.buildQuery({ ...line, extra_form_data: { time_range: "1990-01-01 : 2000-01-01" } })] });
  const lines = await batchLines(batch);
  expect(lines[0].status).toBe(200);
  expect(new Set(lines[0].body.result[0].data.map((r) => new Date(r.ds as number).getUTCFullYear()))).toEqual(new Set(bounded));
});

/** A table of its own in the examples database, with a dataset on it, whose rows the test changes. */
async function changingDataset(): Promise<{ id: number; table: string }> {
  const table = `force_probe_${unique()}`;
  await examples().exec(`CREATE TABLE ${table} (v INTEGER)`);
  await examples().prepare(`INSERT INTO ${table} (v) VALUES (1), (2)`).run();
  const births = await exampleDataset(admin, "birth_names");
  const made = await admin.post("/api/v1/dataset/", { database: births.database.id, schema: "main", table_name: table });
  expect(made.status, await made.clone().text()).toBe(201);
  return { id: (await json<{ id: number }>(made)).id, table };
}

const totalOf = (r: Result) => r.data[0].total;

test("a forced run replaces the cached answer: the next plain request, by either route and by cache key, reads the new rows", async () => {
  const { id, table } = await changingDataset();
  const context = (force: boolean) => ({
    datasource: { id, type: "table" }, force, result_format: "json", result_type: "full",
    queries: [{ columns: [], metrics: [{ expressionType: "SQL", sqlExpression: "SUM(v)", label: "total" }], row_limit: 10 }],
  });
  const warm = await resultOf(await admin.post("/api/v1/chart/data", context(false)));
  expect([totalOf(warm), warm.is_cached]).toEqual([3, false]);
  const again = await admin.post("/api/v1/chart/data", context(false));
  expect(again.headers.get("Server-Timing")).toMatch(/chart-data-front/); // the isolate's front cache answered
  expect(totalOf(await resultOf(again))).toBe(3);

  await examples().prepare(`UPDATE ${table} SET v = v * 10`).run();
  expect(totalOf(await resultOf(await admin.post("/api/v1/chart/data", context(false))))).toBe(3); // cached, as it should be

  const forced = await resultOf(await admin.post("/api/v1/chart/data", context(true)));
  expect([totalOf(forced), forced.is_cached]).toEqual([30, false]);
  const after = await resultOf(await admin.post("/api/v1/chart/data", context(false)));
  expect([totalOf(after), after.is_cached]).toEqual([30, true]);
  // the Cache API entry (what a page's first paint and other isolates read) holds the new rows too
  const byKey = await resultOf(await admin.get(`/api/v1/chart/data/${forced.cache_key}`));
  expect(totalOf(byKey)).toBe(30);

  // the dashboard's "Refresh dashboard": a batch with force in the query string, then a plain batch
  await examples().prepare(`UPDATE ${table} SET v = v * 10`).run();
  const batch = async (search: string) => {
    const [line] = await batchLines(await admin.post(`/api/v1/chart/data/batch${search}`, { contexts: [context(false)] }));
    expect(line.status).toBe(200);
    return totalOf(line.body.result[0]);
  };
  expect(await batch("")).toBe(30);
  expect(await batch("?force=true")).toBe(300);
  expect(await batch("")).toBe(300);
  expect(totalOf(await resultOf(await admin.post("/api/v1/chart/data", context(false))))).toBe(300);
});
