import { afterAll, beforeAll, expect, test } from "vitest";
import postgres from "postgres";
import { createConnection } from "mysql2/promise";
import { startSqlLabWorker, type SqlLabWorker } from "../support/sqllab-worker";
import { eachLimited } from "../support/hostile";

// At least 1,200 injection attempts per engine through every place a chart query takes user input: adhoc SQL
// metrics and columns, filter columns and comparators, orderby, extras where/having, virtual dataset templates
// (url_params) and time ranges. Each must be answered (200 with data, or a 4xx), never a 5xx; afterwards the
// target table's checksum is unchanged and no extra table exists, on D1, PostgreSQL and MariaDB.

const PAYLOADS = [
  "1; DROP TABLE inj_target", "1); DROP TABLE inj_target; --", "1' OR '1'='1", "'; DELETE FROM inj_target; --", "x\\'; DROP TABLE inj_target; -- ",
  "1 UNION SELECT name FROM inj_target", "(SELECT COUNT(*) FROM inj_target)", "SLEEP(5)", "pg_sleep(5)", "1 /* comment", "1 -- comment",
  "pg_read_file('PG_VERSION')", "load_file('/etc/hostname')", "U&\"pg\\005fread\\005ffile\"('PG_VERSION')", "1\u0000; DROP TABLE inj_target",
  "CASE WHEN 1=1 THEN 1 END", "amount); CREATE TABLE inj_pwned (x int); --", "`amount`", "\"amount\"", "[amount]", "$$; DROP TABLE inj_target; $$",
  "INSERT INTO inj_target VALUES (99, 'x')", "amount := 1", "@@version", "version()", "{{ 7*7 }}", "{% for x in range(3) %}{{ x }}{% endfor %}",
  "E'\\x27'", "'", "\"", "`", ")", "(", ";", "--", "/*", "*/", "\\", "%", "_", "NULL", "1e309", "-1", "🙂", "a".repeat(5000),
  "name); --", "amount/0", "CAST(amount AS TEXT)", "0x41", "X'41'", "N'x'", "$1", "?", ":name", "@x := 1",
];

let w: SqlLabWorker;
let d1rw = 0;
const datasets: Record<string, number> = {};
const expected = { n: 3, s: 60 };

beforeAll(async () => {
  w = await startSqlLabWorker();
  const pg = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, onnotice: () => {} });
  await pg.unsafe("DROP TABLE IF EXISTS inj_pwned; DROP TABLE IF EXISTS inj_target; CREATE TABLE inj_target (id INT, name TEXT, amount INT); INSERT INTO inj_target VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30)");
  await pg.end();
  const my = await createConnection({ host: "127.0.0.1", port: 3306, user: "root", database: "test", multipleStatements: true });
  await my.query("DROP TABLE IF EXISTS inj_pwned; DROP TABLE IF EXISTS inj_target; CREATE TABLE inj_target (id INT, name VARCHAR(20), amount INT); INSERT INTO inj_target VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30)");
  await my.end();
  d1rw = w.addDatabase("inj_d1_rw", "d1://EXAMPLES", { allow_dml: true });
  const setup = await w.admin.post("/api/v1/sqllab/execute/", {
    client_id: Math.random().toString(36).slice(2, 13), database_id: d1rw, runAsync: false,
    sql: "DROP TABLE IF EXISTS inj_pwned; DROP TABLE IF EXISTS inj_target; CREATE TABLE inj_target (id INTEGER, name TEXT, amount INTEGER); INSERT INTO inj_target VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30)",
  });
  expect(setup.status).toBe(200);
  const targets = { d1: ["inj_d1", "d1://EXAMPLES", "main"], postgresql: ["inj_pg", "postgresql://postgres@127.0.0.1:5432/test", "public"], mysql: ["inj_my", "mysql://root@127.0.0.1:3306/test", "test"] };
  for (const [engine, [name, uri, schema]] of Object.entries(targets)) {
    // allow_dml on, so only the chart path's own checks stand between a payload and a write
    const db = w.addDatabase(name, uri, { allow_dml: true });
    const ds = await w.admin.post("/api/v1/dataset/", { database: db, schema, table_name: "inj_target" });
    expect(ds.status).toBe(201);
    datasets[engine] = ((await ds.json()) as { id: number }).id;
  }
}, 240_000);

afterAll(async () => {
  await w?.stop();
});

/** Every place a payload can go, as one query object each. */
function attempts(payload: string): Record<string, unknown>[] {
  const sqlMetric = (sql: string) => ({ expressionType: "SQL", sqlExpression: sql, label: "m" });
  return [
    { columns: ["name"], metrics: [sqlMetric(payload)] },
    { columns: ["name"], metrics: [sqlMetric(`SUM(${payload})`)] },
    { columns: [{ sqlExpression: payload, label: "c", expressionType: "SQL" }], metrics: ["count"] },
    { columns: [{ columnType: "BASE_AXIS", sqlExpression: payload, label: "t", timeGrain: "P1D", expressionType: "SQL" }], metrics: ["count"] },
    { columns: [payload], metrics: ["count"] },
    { columns: ["name"], metrics: [{ expressionType: "SIMPLE", column: { column_name: payload }, aggregate: "SUM" }] },
    { columns: ["name"], metrics: [{ expressionType: "SIMPLE", column: { column_name: "amount" }, aggregate: payload }] },
    { columns: ["name"], metrics: ["count"], filters: [{ col: "name", op: "==", val: payload }] },
    { columns: ["name"], metrics: ["count"], filters: [{ col: "name", op: "IN", val: [payload, "a"] }] },
    { columns: ["name"], metrics: ["count"], filters: [{ col: "name", op: "LIKE", val: payload }] },
    { columns: ["name"], metrics: ["count"], filters: [{ col: "name", op: "ILIKE", val: payload }] },
    { columns: ["name"], metrics: ["count"], filters: [{ col: "amount", op: ">", val: payload }] },
    { columns: ["name"], metrics: ["count"], filters: [{ col: payload, op: "==", val: "a" }] },
    { columns: ["name"], metrics: ["count"], filters: [{ col: { sqlExpression: payload, label: "f" }, op: "==", val: "a" }] },
    { columns: ["name"], metrics: ["count"], filters: [{ col: "name", op: "TEMPORAL_RANGE", val: payload }] },
    { columns: ["name"], metrics: ["count"], orderby: [[payload, true]] },
    { columns: ["name"], metrics: ["count"], orderby: [[sqlMetric(payload), false]] },
    { columns: ["name"], metrics: ["count"], extras: { where: payload } },
    { columns: ["name"], metrics: ["count"], extras: { having: payload } },
    { columns: ["name"], metrics: ["count"], extras: { where: `name = '{{ url_param('x') }}'` }, url_params: { x: payload } },
    { columns: ["name"], metrics: ["count"], granularity: "name", time_range: payload },
    { columns: ["name"], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: payload }] },
    { columns: [{ sqlExpression: "name", label: payload, expressionType: "SQL" }], metrics: ["count"] },
    { columns: ["name"], metrics: ["count"], series_columns: [payload], series_limit: 2 },
    { columns: ["name"], metrics: ["count"], series_columns: ["name"], series_limit: 2, series_limit_metric: sqlMetric(payload) },
    { columns: ["name"], metrics: ["count"], row_limit: payload },
  ];
}

async function checksum(engine: string): Promise<{ n: number; s: number }> {
  const res = await w.admin.post("/api/v1/chart/data", {
    datasource: { id: datasets[engine], type: "table" }, force: true,
    queries: [{ metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }, { expressionType: "SQL", sqlExpression: "SUM(amount)", label: "s" }] }],
  });
  const row = ((await res.json()) as { result: { data: { n: unknown; s: unknown }[] }[] }).result[0].data[0];
  return { n: Number(row.n), s: Number(row.s) };
}

for (const engine of ["d1", "postgresql", "mysql"]) {
  test(`${engine}: ${PAYLOADS.length * attempts("x").length} injection attempts, no 5xx, the table unchanged and nothing created`, async () => {
    const calls = PAYLOADS.flatMap((p) => attempts(p).map((query) => ({ p, query })));
    expect(calls.length).toBeGreaterThanOrEqual(1200);
    const serverErrors: string[] = [];
    await eachLimited(calls, 6, async ({ p, query }) => {
      const res = await w.admin.post("/api/v1/chart/data", { datasource: { id: datasets[engine], type: "table" }, force: true, queries: [query] });
      const text = await res.text();
      if (res.status >= 500) serverErrors.push(`${res.status} ${JSON.stringify(query).slice(0, 140)} → ${text.slice(0, 160)} [${p.slice(0, 30)}]`);
    });
    expect(serverErrors).toEqual([]);
    expect(await checksum(engine)).toEqual(expected);
    const created = await w.admin.post("/api/v1/chart/data", { datasource: { id: datasets[engine], type: "table" }, queries: [{ columns: ["name"], metrics: ["count"] }] });
    expect(created.status).toBe(200);
  }, 300_000);
}

test("no table was created through any of it", async () => {
  const pg = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, onnotice: () => {} });
  const [{ n }] = await pg.unsafe("SELECT COUNT(*)::int AS n FROM information_schema.tables WHERE table_name = 'inj_pwned'");
  await pg.end();
  expect(n).toBe(0);
  const my = await createConnection({ host: "127.0.0.1", port: 3306, user: "root", database: "test" });
  const [rows] = await my.query("SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_name = 'inj_pwned'");
  await my.end();
  expect(Number((rows as { n: number }[])[0].n)).toBe(0);
  const d1 = await w.admin.post("/api/v1/sqllab/execute/", {
    client_id: Math.random().toString(36).slice(2, 13), database_id: d1rw, runAsync: false,
    sql: "SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'inj_pwned'",
  });
  expect(((await d1.json()) as { data: { n: number }[] }).data[0].n).toBe(0);
});
