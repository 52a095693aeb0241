// Time grains in a viewer's zone on the real engines (issue 29). Part one runs each dialect's zoned bucket over
// the hand-worked rows of core/testing/zoned-grain-cases.ts (DST gaps and repeats of America/Chicago and
// Europe/Berlin, Asia/Kolkata's half-hour offset) on PostgreSQL (timestamp, timestamptz and an expression of
// unknown type), MariaDB (this server has no time-zone tables: the computed offsets) and D1 (workerd's SQLite).
// Part two sends chart-data through the Worker for a user whose profile zone is Asia/Kolkata.
import { afterAll, beforeAll, expect, test } from "vitest";
import { Miniflare } from "miniflare";
import postgres from "postgres";
import { createConnection } from "mysql2/promise";
import { dialectFor } from "../../core/connectors/dialects";
import type { GrainZone } from "../../core/connectors/dialects/zoned";
import type { Connector } from "../../core/connectors/types";
import { zoneOffsets } from "../../core/time-zone/transitions";
import { ZONED_CASES_SINCE, ZONED_CASES_UNTIL, ZONED_GRAIN_CASES } from "../../core/testing/zoned-grain-cases";
import { d1Connector } from "../../services/connectors/d1";
import { postgresqlConnector } from "../../services/connectors/postgresql";
import { mysqlConnector } from "../../services/connectors/mysql";
import { loginAs, loginAsAdmin, type ApiClient } from "../support/client";
import { json, roleId, unique } from "../support/access";
import { newClientId } from "../support/sqllab";

const pgTarget = { host: "127.0.0.1", port: 5432, username: "postgres", password: null, database: "test", query: {}, viaHyperdrive: false };
const myTarget = { host: "127.0.0.1", port: 3306, username: "root", password: null, database: "test", query: {}, viaHyperdrive: false };
const cases = `tz_cases_${unique()}`;
const distinct = [...new Set(ZONED_GRAIN_CASES.map((c) => c.utc))];

let mf: Miniflare;
const conns: Record<string, Connector> = {};

beforeAll(async () => {
  mf = new Miniflare({ modules: true, script: "export default { fetch: () => new Response('') }", d1Databases: ["EXAMPLES"], cf: false });
  conns.d1 = d1Connector((await mf.getD1Database("EXAMPLES")) as unknown as D1Database, "EXAMPLES");
  conns.postgresql = postgresqlConnector(pgTarget);
  conns.mysql = mysqlConnector(myTarget);
  const rows = (tz: boolean) => distinct.map((u, i) => `(${i}, '${u}'${tz ? `, '${u}+00'` : ""})`).join(", ");
  await conns.d1.execute(`CREATE TABLE ${cases} (id INTEGER, ts TEXT)`, { readOnly: false });
  await conns.d1.execute(`INSERT INTO ${cases} VALUES ${rows(false)}`, { readOnly: false });
  await conns.postgresql.execute(`CREATE TABLE ${cases} (id INTEGER, ts TIMESTAMP, tstz TIMESTAMPTZ)`, { readOnly: false });
  await conns.postgresql.execute(`INSERT INTO ${cases} VALUES ${rows(true)}`, { readOnly: false });
  await conns.mysql.execute(`CREATE TABLE ${cases} (id INTEGER, ts DATETIME)`, { readOnly: false });
  await conns.mysql.execute(`INSERT INTO ${cases} VALUES ${rows(false)}`, { readOnly: false });
}, 60_000);

afterAll(async () => {
  for (const [name, c] of Object.entries(conns)) {
    await c.execute(`DROP TABLE IF EXISTS ${cases}`, { readOnly: false }).catch(() => {});
    if (name !== "d1") await c.close();
  }
  await mf?.dispose();
});

const zoneOf = (zone: string, columnType: string | null): GrainZone => ({
  zone, columnType, namedZones: false, offsets: () => zoneOffsets(zone, ZONED_CASES_SINCE.getTime() / 1000, ZONED_CASES_UNTIL.getTime() / 1000),
});

async function buckets(engine: string, column: string, columnType: string | null): Promise<string[]> {
  const dialect = dialectFor(engine);
  const selects = ZONED_GRAIN_CASES.map((c, i) => `SELECT ${i} AS n, ${dialect.timeGrainExpression(column, c.grain, zoneOf(c.zone, columnType))} AS bucket FROM ${cases} WHERE id = ${distinct.indexOf(c.utc)}`);
  const r = await conns[engine].execute(`SELECT n, bucket FROM (${selects.join(" UNION ALL ")}) AS t ORDER BY n`, { readOnly: true });
  return r.rows.map((row) => String(row[1]).slice(0, 19));
}

const expected = ZONED_GRAIN_CASES.map((c) => c.bucket);
const label = (got: string[]) => ZONED_GRAIN_CASES.map((c, i) => `${c.zone} ${c.grain} ${c.utc} → ${got[i]} (${c.why})`);

test("PostgreSQL buckets every hand-worked row in its zone: timestamp, timestamptz and an expression of unknown type", async () => {
  expect(label(await buckets("postgresql", "ts", "TIMESTAMP WITHOUT TIME ZONE"))).toEqual(label(expected));
  expect(label(await buckets("postgresql", "tstz", "TIMESTAMP WITH TIME ZONE"))).toEqual(label(expected));
  expect(label(await buckets("postgresql", "(ts + INTERVAL '0 seconds')", null))).toEqual(label(expected));
  expect(label(await buckets("postgresql", "(tstz + INTERVAL '0 seconds')", null))).toEqual(label(expected));
  // a date of unknown type stays its calendar day (not UTC midnight read in Chicago, the day before)
  const dateOf = dialectFor("postgresql").timeGrainExpression("DATE '2024-03-10'", "P1D", zoneOf("America/Chicago", null));
  const r = await conns.postgresql.execute(`SELECT ${dateOf}`, { readOnly: true });
  expect(String(r.rows[0][0])).toBe("2024-03-10 00:00:00");
});

test("MariaDB (no time-zone tables here: computed offsets) buckets every hand-worked row in its zone", async () => {
  const probe = await conns.mysql.execute(`SELECT CONVERT_TZ('2000-01-01 00:00:00', '+00:00', 'Europe/Berlin')`, { readOnly: true });
  expect(probe.rows[0][0]).toBeNull(); // what makes this the offsets path
  expect(label(await buckets("mysql", "ts", "DATETIME"))).toEqual(label(expected));
});

test("D1 buckets every hand-worked row in its zone", async () => {
  expect(label(await buckets("d1", "ts", null))).toEqual(label(expected));
});

// ---- part two: chart-data through the Worker ----
//   stored (UTC)          in Asia/Kolkata (UTC+5:30)   amount
//   2024-01-01 17:00:00   1 Jan 22:30                   1      Kolkata days: 1 Jan 1, 2 Jan 2+4 = 6, 3 Jan 8
//   2024-01-01 19:00:00   2 Jan 00:30                   2      UTC days:     1 Jan 1+2 = 3, 2 Jan 4+8 = 12
//   2024-01-02 10:00:00   2 Jan 15:30                   4
//   2024-01-02 20:00:00   3 Jan 01:30                   8
const SALES: [string, number][] = [["2024-01-01 17:00:00", 1], ["2024-01-01 19:00:00", 2], ["2024-01-02 10:00:00", 4], ["2024-01-02 20:00:00", 8]];
const sales = `tz_sales_${unique()}`;
const values = SALES.map(([t, a]) => `('${t}', ${a})`).join(", ");
let admin: ApiClient;
let kolkata: ApiClient;
const datasets: Record<string, number> = {};

async function register(engine: string, uri: string, schema: string): Promise<number> {
  const db = await json(await admin.post("/api/v1/database/", { database_name: `tz ${engine} ${unique()}`, sqlalchemy_uri: uri, allow_dml: engine === "d1", expose_in_sqllab: true }));
  if (engine === "d1") {
    const made = await admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: db.id, runAsync: false, sql: `CREATE TABLE ${sales} (ts DATETIME, amount INTEGER); INSERT INTO ${sales} VALUES ${values}` });
    expect(made.status, await made.clone().text()).toBe(200);
  }
  const ds = await admin.post("/api/v1/dataset/", { database: db.id, schema, table_name: sales });
  expect(ds.status, await ds.clone().text()).toBe(201);
  return (await json(ds)).id;
}

beforeAll(async () => {
  admin = await loginAsAdmin();
  const pg = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, onnotice: () => {} });
  await pg.unsafe(`CREATE TABLE ${sales} (ts TIMESTAMP, amount INTEGER); INSERT INTO ${sales} VALUES ${values}`);
  await pg.end();
  const my = await createConnection({ host: "127.0.0.1", port: 3306, user: "root", database: "test" });
  await my.query(`CREATE TABLE ${sales} (ts DATETIME, amount INT)`);
  await my.query(`INSERT INTO ${sales} VALUES ${values}`);
  await my.end();
  datasets.d1 = await register("d1", "d1://EXAMPLES", "main");
  datasets.postgresql = await register("postgresql", "postgresql://postgres@127.0.0.1:5432/test", "public");
  datasets.mysql = await register("mysql", "mysql://root@127.0.0.1:3306/test", "test");
  // a user of its own whose profile zone is Asia/Kolkata (no other test's admin sees a changed zone)
  const username = `tz_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", { username, first_name: "Zone", last_name: "Kolkata", email: `${username}@example.com`, password, roles: [await roleId(admin, "Admin")] });
  expect(made.status).toBe(201);
  kolkata = await loginAs(username, password);
  expect((await kolkata.put("/api/v1/me/", { time_zone: "Asia/Kolkata" })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  const pg = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, onnotice: () => {} });
  await pg.unsafe(`DROP TABLE IF EXISTS ${sales}`);
  await pg.end();
  const my = await createConnection({ host: "127.0.0.1", port: 3306, user: "root", database: "test" });
  await my.query(`DROP TABLE IF EXISTS ${sales}`);
  await my.end();
});

const byDay = (client: ApiClient, id: number, resultType = "full") =>
  client.post("/api/v1/chart/data", {
    datasource: { id, type: "table" }, result_format: "json", result_type: resultType,
    queries: [{
      columns: [{ columnType: "BASE_AXIS", sqlExpression: "ts", label: "ts", expressionType: "SQL" }],
      metrics: [{ expressionType: "SIMPLE", column: { column_name: "amount" }, aggregate: "SUM", label: "total" }],
      extras: { time_grain_sqla: "P1D" }, orderby: [["ts", true]],
    }],
  });

for (const engine of ["d1", "postgresql", "mysql"]) {
  test(`${engine}: time grain P1D for a viewer in Asia/Kolkata groups rows by Kolkata day`, async () => {
    const res = await byDay(kolkata, datasets[engine]);
    expect(res.status, await res.clone().text()).toBe(200);
    const r = (await json(res)).result[0];
    // each bucket is Kolkata's midnight as a wall reading (epoch ms of the same reading in UTC), named by time_zone
    expect(r.data.map((row: any) => [row.ts, Number(row.total)])).toEqual([[Date.UTC(2024, 0, 1), 1], [Date.UTC(2024, 0, 2), 6], [Date.UTC(2024, 0, 3), 8]]);
    expect(r.time_zone).toBe("Asia/Kolkata");

    // the same chart for a UTC viewer: UTC days, the SQL of before, no zone named; the two never share a cache entry
    const utc = (await json(await byDay(admin, datasets[engine]))).result[0];
    expect(utc.data.map((row: any) => [row.ts, Number(row.total)])).toEqual([[Date.UTC(2024, 0, 1), 3], [Date.UTC(2024, 0, 2), 12]]);
    expect(utc.time_zone).toBeUndefined();
    expect(utc.cache_key).not.toBe(r.cache_key);

    const query = (await json(await byDay(kolkata, datasets[engine], "query"))).result[0].query as string;
    expect(query).toContain(engine === "d1" ? "'+19800 seconds'" : engine === "mysql" ? "INTERVAL 19800 SECOND" : "AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Kolkata'");
  });
}
