import { beforeAll, expect, test } from "vitest";
import postgres from "postgres";
import { createConnection } from "mysql2/promise";
import { strFromU8, unzipSync } from "fflate";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { gammaWith, listAll, q, unique, type ListBody } from "../support/access";
import { newClientId } from "../support/sqllab";

// POST /api/v1/chart/data through the real Worker on D1, PostgreSQL and MariaDB. Each engine gets the same
// small table, whose figures are worked out by hand below; birth_names results are checked against SQL
// written independently and run through SQL Lab.
//
//   day         region  amount        by region: north 10+5+7 = 22 (3 rows), south 20+3 = 23 (2 rows)
//   2024-01-01  north   10            by month:  Jan 10+20+5 = 35, Feb 7+3 = 10
//   2024-01-01  south   20            north in [2024-01-01, 2024-02-01): 10+5 = 15
//   2024-01-02  north    5
//   2024-02-01  north    7
//   2024-02-15  south    3
const ROWS: [string, string, number][] = [["2024-01-01", "north", 10], ["2024-01-01", "south", 20], ["2024-01-02", "north", 5], ["2024-02-01", "north", 7], ["2024-02-15", "south", 3]];
const values = ROWS.map(([d, r, a]) => `('${d} 00:00:00', '${r}', ${a})`).join(", ");

let admin: ApiClient;
const datasets: Record<string, number> = {};
const table = `chart_sales_${unique()}`;

async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function registerDataset(name: string, uri: string, schema: string): Promise<number> {
  const db = await json(await admin.post("/api/v1/database/", { database_name: `${name} ${unique()}`, sqlalchemy_uri: uri, allow_dml: name === "d1", expose_in_sqllab: true }));
  if (name === "d1") {
    const made = await admin.post("/api/v1/sqllab/execute/", {
      client_id: newClientId(), database_id: db.id, runAsync: false,
      sql: `CREATE TABLE ${table} (day DATETIME, region TEXT, amount INTEGER); INSERT INTO ${table} VALUES ${values}`,
    });
    expect(made.status, await made.clone().text()).toBe(200);
  }
  const ds = await admin.post("/api/v1/dataset/", { database: db.id, schema, table_name: table });
  expect(ds.status, await ds.clone().text()).toBe(201);
  return (await json(ds)).id;
}

beforeAll(async () => {
  admin = await loginAsAdmin();
  const pg = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, onnotice: () => {} });
  await pg.unsafe(`CREATE TABLE ${table} (day TIMESTAMP, region TEXT, amount INTEGER); INSERT INTO ${table} VALUES ${values}`);
  await pg.end();
  const my = await createConnection({ host: "127.0.0.1", port: 3306, user: "root", database: "test" });
  await my.query(`CREATE TABLE ${table} (day DATETIME, region VARCHAR(20), amount INT)`);
  await my.query(`INSERT INTO ${table} VALUES ${values}`);
  await my.end();
  datasets.d1 = await registerDataset("d1", "d1://EXAMPLES", "main");
  datasets.postgresql = await registerDataset("postgresql", "postgresql://postgres@127.0.0.1:5432/test", "public");
  datasets.mysql = await registerDataset("mysql", "mysql://root@127.0.0.1:3306/test", "test");
}, 120_000);

const chartData = (datasetId: number, query: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  admin.post("/api/v1/chart/data", { datasource: { id: datasetId, type: "table" }, queries: [query], result_format: "json", result_type: "full", ...extra });

for (const engine of ["d1", "postgresql", "mysql"]) {
  test(`${engine}: grouped metrics, a time-grained x-axis, filters and a time range give the hand-worked figures`, async () => {
    const id = datasets[engine];
    const byRegion = await json(await chartData(id, { columns: ["region"], metrics: [{ expressionType: "SIMPLE", column: { column_name: "amount" }, aggregate: "SUM", label: "total" }, "count"], orderby: [["total", false]] }));
    const r = byRegion.result[0];
    expect(r.colnames).toEqual(["region", "total", "count"]);
    expect(r.data.map((row: any) => [row.region, Number(row.total), Number(row.count)])).toEqual([["south", 23, 2], ["north", 22, 3]]);
    expect(r).toMatchObject({ rowcount: 2, status: "success", is_cached: false, applied_filters: [], rejected_filters: [] });

    const byMonth = await json(await chartData(id, {
      columns: [{ columnType: "BASE_AXIS", sqlExpression: "day", label: "day", timeGrain: "P1M", expressionType: "SQL" }],
      metrics: [{ expressionType: "SIMPLE", column: { column_name: "amount" }, aggregate: "SUM", label: "total" }],
      orderby: [["day", true]],
    }));
    expect(byMonth.result[0].data.map((row: any) => [row.day, Number(row.total)])).toEqual([[Date.UTC(2024, 0, 1), 35], [Date.UTC(2024, 1, 1), 10]]);

    const filtered = await json(await chartData(id, {
      columns: [], metrics: [{ expressionType: "SIMPLE", column: { column_name: "amount" }, aggregate: "SUM", label: "total" }],
      filters: [{ col: "region", op: "IN", val: ["north"] }, { col: "day", op: "TEMPORAL_RANGE", val: "2024-01-01 : 2024-02-01" }, { col: "no_such_column", op: "==", val: "x" }],
    }));
    expect(Number(filtered.result[0].data[0].total)).toBe(15);
    expect(filtered.result[0].applied_filters).toEqual([{ column: "region" }, { column: "day" }]);
    expect(filtered.result[0].rejected_filters).toEqual([{ column: "no_such_column", reason: "not_in_datasource" }]);
    expect(filtered.result[0].from_dttm).toBe(Date.UTC(2024, 0, 1));
  });
}

test("post-processing pivots the series; result types query and samples; CSV export", async () => {
  const id = datasets.postgresql;
  const pivot = await json(await chartData(id, {
    columns: [{ columnType: "BASE_AXIS", sqlExpression: "day", label: "day", timeGrain: "P1M", expressionType: "SQL" }, "region"],
    metrics: [{ expressionType: "SIMPLE", column: { column_name: "amount" }, aggregate: "SUM", label: "total" }],
    post_processing: [
      { operation: "pivot", options: { index: ["day"], columns: ["region"], aggregates: { total: { operator: "sum" } }, drop_missing_columns: false } },
      { operation: "rename", options: { columns: { total: null }, level: 0, inplace: true } },
      { operation: "flatten" },
    ],
  }));
  expect(pivot.result[0].colnames).toEqual(["day", "north", "south"]);
  expect(pivot.result[0].data).toEqual([{ day: Date.UTC(2024, 0, 1), north: 15, south: 20 }, { day: Date.UTC(2024, 1, 1), north: 7, south: 3 }]);

  const query = await json(await chartData(id, { columns: ["region"], metrics: ["count"] }, { result_type: "query" }));
  expect(query.result[0]).toMatchObject({ language: "sql" });
  expect(query.result[0].query).toContain(`FROM "public"."${table}"`);
  const samples = await json(await chartData(id, { columns: ["region"], metrics: ["count"] }, { result_type: "samples" }));
  expect(samples.result[0].rowcount).toBe(5);
  expect(samples.result[0].colnames).toEqual(["day", "region", "amount"]);
  // Superset's _get_samples: the query's row_limit bounds the sample (capped at SAMPLES_ROW_LIMIT)
  const sampled = await json(await chartData(id, { columns: ["region"], metrics: ["count"], row_limit: 2 }, { result_type: "samples" }));
  expect(sampled.result[0].rowcount).toBe(2);
  expect(sampled.result[0].data).toHaveLength(2);

  const csv = await chartData(id, { columns: ["region"], metrics: ["count"], orderby: [["region", true]] }, { result_format: "csv" });
  expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
  const bytes = new Uint8Array(await csv.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a BOM, so spreadsheets read UTF-8
  expect(new TextDecoder().decode(bytes)).toBe("region,count\r\nnorth,3\r\nsouth,2\r\n");

  const xlsx = await chartData(id, { columns: ["region"], metrics: ["count"], orderby: [["region", true]] }, { result_format: "xlsx" });
  expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  // no chart name in the request: Superset's fallback name with the time
  expect(xlsx.headers.get("content-disposition")).toMatch(/^attachment; filename="superset_export_\d{8}_\d{6}\.xlsx"$/);
  const book = unzipSync(new Uint8Array(await xlsx.arrayBuffer()));
  const sheet = strFromU8(book["xl/worksheets/sheet1.xml"]);
  const strings = book["xl/sharedStrings.xml"] ? strFromU8(book["xl/sharedStrings.xml"]) : "";
  for (const word of ["region", "count", "north", "south"]) expect(`${strings}${sheet}`).toContain(word);
  expect(sheet).toMatch(/<v>3<\/v>[\s\S]*<v>2<\/v>/);

  // two queries in CSV: a ZIP of query_1.csv and query_2.csv, as Superset answers
  const two = await admin.post("/api/v1/chart/data", {
    datasource: { id, type: "table" }, result_format: "csv", result_type: "full",
    queries: [{ columns: ["region"], metrics: ["count"], orderby: [["region", true]] }, { columns: [], metrics: ["count"] }],
  });
  expect(two.headers.get("content-type")).toBe("application/zip");
  const files = unzipSync(new Uint8Array(await two.arrayBuffer()));
  expect(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v).replace(/^\uFEFF/, "")]))).toEqual({
    "query_1.csv": "region,count\r\nnorth,3\r\nsouth,2\r\n",
    "query_2.csv": "count\r\n5\r\n",
  });
});

test("results are cached per query; force and cache invalidation bypass the cache; a cached entry is read by key", async () => {
  const id = datasets.mysql;
  const query = { columns: ["region"], metrics: ["count"], orderby: [["region", true]] };
  const first = (await json(await chartData(id, query))).result[0];
  expect(first.is_cached).toBe(false);
  await expect.poll(async () => (await json(await chartData(id, query))).result[0].is_cached, { timeout: 5000 }).toBe(true);
  const cached = (await json(await chartData(id, query))).result[0];
  expect(cached.cache_key).toBe(first.cache_key);
  expect(cached.data).toEqual(first.data);
  expect((await json(await chartData(id, query, { force: true }))).result[0].is_cached).toBe(false);
  const byKey = await json(await admin.get(`/api/v1/chart/data/${first.cache_key}`));
  expect(byKey.result[0]).toMatchObject({ is_cached: true, data: first.data });
  expect((await admin.post("/api/v1/cachekey/invalidate", { datasource_uids: [`${id}__table`] })).status).toBe(201);
  const after = (await json(await chartData(id, query))).result[0];
  expect(after.cache_key).not.toBe(first.cache_key);
  expect(after.is_cached).toBe(false);
});

test("birth_names on D1 agrees with the same figures written as SQL in SQL Lab", async () => {
  const all = await listAll<ListBody["result"][number]>(admin, "/api/v1/dataset/");
  const births = all.find((d) => d.table_name === "birth_names" && d.database.database_name === "examples")!;
  const chart = (await json(await chartData(births.id, {
    columns: ["gender"], metrics: ["count", { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM", label: "births" }],
    filters: [{ col: "state", op: "IN", val: ["CA", "NY"] }], orderby: [["gender", true]],
  }))).result[0];
  const sqlLab = await json(await admin.post("/api/v1/sqllab/execute/", {
    client_id: newClientId(), database_id: births.database.id, runAsync: false,
    sql: "SELECT gender, COUNT(*) AS n, SUM(num) AS s FROM birth_names WHERE state = 'CA' OR state = 'NY' GROUP BY gender ORDER BY gender",
  }));
  expect(chart.data.map((r: any) => [r.gender, r.count, r.births])).toEqual(sqlLab.data.map((r: any) => [r.gender, r.n, r.s]));
});

test("bad input: unknown columns and metrics, injections, foreign and missing datasets", async () => {
  const id = datasets.d1;
  const missing = await chartData(id, { columns: ["nope"], metrics: ["count"] });
  expect(missing.status).toBe(400);
  expect((await json(missing)).errors[0]).toMatchObject({ error_type: "COLUMN_DOES_NOT_EXIST_ERROR", message: "Columns missing in dataset: ['nope']" });
  expect((await json(await chartData(id, { metrics: ["nope"] }))).message).toBe("Metric 'nope' does not exist");
  const injected = await chartData(id, { columns: ["region"], metrics: ["count"], extras: { where: `1=1; DROP TABLE ${table}` } });
  expect(injected.status).toBe(400);
  const subquery = await json(await chartData(id, { columns: ["region"], metrics: [{ expressionType: "SQL", sqlExpression: `(SELECT COUNT(*) FROM ${table})`, label: "x" }] }));
  expect(subquery.errors[0].error_type).toBe("ADHOC_SUBQUERY_NOT_ALLOWED_ERROR");
  expect((await chartData(99_999_999, { metrics: ["count"] })).status).toBe(404);
  const blind = await gammaWith(admin, []);
  const refused = await blind.post("/api/v1/chart/data", { datasource: { id, type: "table" }, queries: [{ metrics: ["count"] }] });
  expect(refused.status).toBe(403);
  expect((await json(refused)).errors[0].error_type).toBe("DATASOURCE_SECURITY_ACCESS_ERROR");
  // the table is intact after all of that
  const intact = await json(await chartData(id, { metrics: [{ expressionType: "SIMPLE", column: { column_name: "amount" }, aggregate: "SUM", label: "t" }] }));
  expect(Number(intact.result[0].data[0].t)).toBe(45);
});

test("column values for filter pickers", async () => {
  const values = await json(await admin.get(`/api/v1/datasource/table/${datasets.postgresql}/column/region/values/`));
  expect(values).toEqual({ result: ["north", "south"] });
  expect((await admin.get(`/api/v1/datasource/table/${datasets.postgresql}/column/nope/values/`)).status).toBe(400);
});

test("time ranges resolve as Superset's time picker shows them", async () => {
  const one = await json(await admin.get(`/api/v1/time_range/?q=${q({ timeRange: "2024-01-01 : 2024-02-01" })}`));
  // Superset's three fields, plus the zone the bounds are shown in (the admin has none set: UTC)
  expect(one).toEqual({ result: [{ since: "2024-01-01T00:00:00", until: "2024-02-01T00:00:00", timeRange: "2024-01-01 : 2024-02-01", time_zone: "UTC" }] });
  // Superset's time picker sends the bare string: ?q='2024-01-01 : 2024-02-01'
  expect(await json(await admin.get(`/api/v1/time_range/?q=${q("2024-01-01 : 2024-02-01")}`))).toEqual(one);
  const shifted = await json(await admin.get(`/api/v1/time_range/?q=${q([{ timeRange: "2024-01-08 : 2024-01-15", shift: "1 week ago" }, { timeRange: "No filter" }])}`));
  expect(shifted.result).toEqual([
    { since: "2024-01-01T00:00:00", until: "2024-01-08T00:00:00", timeRange: "2024-01-08 : 2024-01-15", shift: "1 week ago", time_zone: "UTC" },
    { since: "", until: "", timeRange: "No filter", time_zone: "UTC" },
  ]);
  const bad = await admin.get(`/api/v1/time_range/?q=${q({ timeRange: "2024-02-01 : 2024-01-01" })}`);
  expect(bad.status).toBe(400);
  expect((await json(bad)).message).toBe("From date cannot be larger than to date");
});

const total = { expressionType: "SIMPLE", column: { column_name: "amount" }, aggregate: "SUM", label: "total" };
const monthAxis = { columnType: "BASE_AXIS", sqlExpression: "day", label: "day", timeGrain: "P1M", expressionType: "SQL" };

for (const engine of ["d1", "postgresql", "mysql"]) {
  test(`${engine}: time comparison joins each offset's metrics onto the shifted time axis, before post-processing`, async () => {
    // February (north 7, south 3) against January a month back (north 10+5 = 15, south 20), by region
    const body = {
      columns: [monthAxis, "region"], metrics: [total], orderby: [["region", true]], row_limit: 1,
      filters: [{ col: "day", op: "TEMPORAL_RANGE", val: "2024-02-01 : 2024-03-01" }], time_offsets: ["1 month ago"],
    };
    const res = await chartData(datasets[engine], body);
    expect(res.status, await res.clone().text()).toBe(200);
    const r = (await json(res)).result[0];
    expect(r.colnames).toEqual(["day", "region", "total", "total__1 month ago"]);
    // the main query's row limit (1) applies to it alone: the offset query is not cut, so north still matches
    expect(r.data.map((row: any) => [row.day, row.region, Number(row.total), Number(row["total__1 month ago"])])).toEqual([[Date.UTC(2024, 1, 1), "north", 7, 15]]);
    expect(r.query.split(";\n\n")).toHaveLength(2);

    const compared = (await json(await chartData(datasets[engine], {
      ...body, row_limit: 10,
      post_processing: [{ operation: "compare", options: { source_columns: ["total"], compare_columns: ["total__1 month ago"], compare_type: "difference", drop_original_columns: true } }],
    }))).result[0];
    expect(compared.colnames).toEqual(["day", "region", "difference__total__total__1 month ago"]);
    expect(compared.data.map((row: any) => [row.region, Number(row["difference__total__total__1 month ago"])])).toEqual([["north", 7 - 15], ["south", 3 - 20]]);
  });
}

for (const engine of ["d1", "postgresql", "mysql"]) {
  test(`${engine}: period over period: metrics alone against the period before the range (inherit) and a custom start`, async () => {
    // [2024-01-31, 2024-03-01) holds February's 7 + 3 = 10; inherit is its 30 days before, [2024-01-01, 2024-01-31): 35
    const inherit = await chartData(datasets[engine], { columns: [], metrics: [total], filters: [{ col: "day", op: "TEMPORAL_RANGE", val: "2024-01-31 : 2024-03-01" }], time_offsets: ["inherit"] });
    expect(inherit.status, await inherit.clone().text()).toBe(200);
    const r = (await json(inherit)).result[0];
    expect(r.colnames).toEqual(["total", "total__inherit"]);
    expect(r.data.map((row: any) => [Number(row.total), Number(row.total__inherit)])).toEqual([[10, 35]]);
    // a custom start: February moved to start on 2024-01-01 is 31 days back, [2024-01-01, 2024-01-30): 35 again
    const custom = (await json(await chartData(datasets[engine], { columns: [], metrics: [total], filters: [{ col: "day", op: "TEMPORAL_RANGE", val: "2024-02-01 : 2024-03-01" }], time_offsets: ["2024-01-01"] }))).result[0];
    expect(custom.data.map((row: any) => [Number(row.total), Number(row["total__2024-01-01"])])).toEqual([[10, 35]]);
    // drilling to the rows: no metrics, so no comparison to run; February's two rows
    const detail = await chartData(datasets[engine], { columns: [], metrics: [total], filters: [{ col: "day", op: "TEMPORAL_RANGE", val: "2024-01-31 : 2024-03-01" }], time_offsets: ["inherit"] }, { result_type: "drill_detail" });
    expect(detail.status, await detail.clone().text()).toBe(200);
    expect((await json(detail)).result[0].rowcount).toBe(2);
  });
}

test("a time comparison without a time axis, or with an offset that is not a shift, is a 400 naming it", async () => {
  const noAxis = await chartData(datasets.d1, { columns: ["region"], metrics: ["count"], time_offsets: ["1 week ago"] });
  expect(noAxis.status).toBe(400);
  expect((await json(noAxis)).message).toBe("A time column must be specified when using a Time Comparison.");
  const badShift = await chartData(datasets.d1, { columns: [monthAxis], metrics: ["count"], time_offsets: ["around easter"] });
  expect(badShift.status).toBe(400);
  expect((await json(badShift)).message).toMatch(/Invalid time shift: "around easter"/);
});

test("annotation layers: native events by layer name, another chart's rows with the layer's overrides, no cycles", async () => {
  const layer = await json(await admin.post("/api/v1/annotation_layer/", { name: `Launches ${unique()}` }));
  await admin.post(`/api/v1/annotation_layer/${layer.id}/annotation/`, { short_descr: "v2", start_dttm: "2024-02-01", end_dttm: "2024-02-03", json_metadata: "{\"color\":\"red\"}" });
  await admin.post(`/api/v1/annotation_layer/${layer.id}/annotation/`, { short_descr: "v1", long_descr: "first", start_dttm: "2024-01-01", end_dttm: "2024-01-01" });
  const native = await json(await chartData(datasets.d1, { columns: [monthAxis], metrics: [total], annotation_layers: [{ name: "Releases", sourceType: "NATIVE", value: layer.id, annotationType: "EVENT", show: true }] }));
  expect(native.result[0].annotation_data).toEqual({
    Releases: {
      columns: ["start_dttm", "end_dttm", "short_descr", "long_descr", "json_metadata"],
      records: [
        { start_dttm: Date.UTC(2024, 0, 1), end_dttm: Date.UTC(2024, 0, 1), short_descr: "v1", long_descr: "first", json_metadata: null },
        { start_dttm: Date.UTC(2024, 1, 1), end_dttm: Date.UTC(2024, 1, 3), short_descr: "v2", long_descr: null, json_metadata: "{\"color\":\"red\"}" },
      ],
    },
  });

  // a saved chart (north's monthly totals) as a layer; the layer's time range override keeps only January
  const context = { datasource: { id: datasets.d1, type: "table" }, queries: [{ columns: [monthAxis], metrics: [total], filters: [{ col: "region", op: "==", val: "north" }, { col: "day", op: "TEMPORAL_RANGE", val: "No filter" }] }] };
  const chart = await json(await admin.post("/api/v1/chart/", { slice_name: `North ${unique()}`, viz_type: "echarts_timeseries_line", datasource_id: datasets.d1, datasource_type: "table", params: "{}", query_context: JSON.stringify(context) }));
  const layered = await json(await chartData(datasets.d1, {
    columns: [monthAxis], metrics: [total],
    annotation_layers: [{ name: "North", sourceType: "line", value: chart.id, annotationType: "TIME_SERIES", overrides: { time_range: "2024-01-01 : 2024-02-01" } }, { name: "f", sourceType: "", annotationType: "FORMULA", value: "x*2" }],
  }));
  expect(layered.result[0].annotation_data).toEqual({ North: { records: [{ day: Date.UTC(2024, 0, 1), total: 15 }] } });

  // a chart whose own query names itself as a layer never runs forever
  const selfish = { ...context, queries: [{ ...context.queries[0], annotation_layers: [{ name: "me", sourceType: "line", value: chart.id }] }] };
  expect((await admin.put(`/api/v1/chart/${chart.id}`, { query_context: JSON.stringify(selfish) })).status).toBe(200);
  const cycle = await admin.get(`/api/v1/chart/${chart.id}/data/`);
  expect(cycle.status).toBe(400);
  expect((await json(cycle)).message).toBe("Circular chart annotation dependency detected");

  const missing = await chartData(datasets.d1, { columns: [monthAxis], metrics: [total], annotation_layers: [{ name: "Gone", sourceType: "NATIVE", value: 99_999_999 }] });
  expect(missing.status).toBe(400);
  expect((await json(missing)).message).toMatch(/annotation layer 99999999, which does not exist/);
});
