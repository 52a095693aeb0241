import { afterAll, beforeAll, expect } from "vitest";
import postgres from "postgres";
import { createConnection } from "mysql2/promise";
import { birthNames } from "../../core/examples/birth-names";
import { sales } from "../../core/examples/sales";
import { insertStatements } from "../../core/examples/sql";
import type { ExampleColumn, ExampleDataset } from "../../core/examples/types";
import { loginAsAdmin, type ApiClient } from "./client";
import { exampleDataset, json, unique } from "./access";
import { examplesId, newClientId } from "./sqllab";
import { loadSupersetUi, supersetClient, type FormData, type SupersetClientInstance } from "./superset-ui";
import type { EngineName } from "../../core/engines/registry";

/** The engines the examples load into besides D1. */
type NetworkEngine = Exclude<EngineName, "d1">;

// The product's generated example tables on all four engines: D1's are the `examples` database the Worker
// seeds at first start; PostgreSQL, MariaDB and ClickHouse get copies of the same generated rows (under a per-run table
// name, dropped afterwards), registered as databases and datasets with the examples' saved metrics.

export const ENGINES = ["d1", "postgresql", "mysql", "clickhouse"] as const;
export type Engine = (typeof ENGINES)[number];
const COPIED: ExampleDataset[] = [birthNames, sales];
type TableName = "birth_names" | "cleaned_sales_data";

export interface EngineExamples {
  engine: Engine;
  databaseId: number;
  /** the table names on this engine, for SQL written against it */
  tables: Record<TableName, string>;
  datasets: Record<TableName, number>;
}

const PG = { host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, onnotice: () => {} };
const MY = { host: "127.0.0.1", port: 3306, user: "root", database: "test" };
const CH = "http://127.0.0.1:8123/";
/** SQL Lab databases that are ClickHouse: its 18.16 compares a DateTime only with a full 'YYYY-MM-DD hh:mm:ss' text */
const clickhouseIds = new Set<number>();
const suffix = unique();
const copyName = (name: string) => `sui_${name}_${suffix}`;

function columnType(engine: NetworkEngine, c: ExampleColumn): string {
  const pg: Record<ExampleColumn["sqlType"], string> = { INTEGER: "INTEGER", BIGINT: "BIGINT", REAL: "DOUBLE PRECISION", TEXT: "TEXT", DATE: "DATE", DATETIME: "TIMESTAMP", BOOLEAN: "BOOLEAN" };
  const my: Record<ExampleColumn["sqlType"], string> = { INTEGER: "INT", BIGINT: "BIGINT", REAL: "DOUBLE", TEXT: "VARCHAR(255)", DATE: "DATE", DATETIME: "DATETIME", BOOLEAN: "BOOLEAN" };
  const ch: Record<ExampleColumn["sqlType"], string> = { INTEGER: "Int32", BIGINT: "Int64", REAL: "Float64", TEXT: "String", DATE: "Date", DATETIME: "DateTime", BOOLEAN: "UInt8" };
  if (engine === "clickhouse") return `Nullable(${ch[c.sqlType]})`;
  return (engine === "postgresql" ? pg : my)[c.sqlType];
}

/** CREATE and multi-row INSERTs with standard quoting (MariaDB's session is put in ANSI_QUOTES for them). */
function* loadStatements(engine: NetworkEngine, dataset: ExampleDataset): Generator<string> {
  const table = { ...dataset.table, tableName: copyName(dataset.table.tableName) };
  const engineClause = engine === "clickhouse" ? " ENGINE = MergeTree ORDER BY tuple()" : "";
  yield `CREATE TABLE "${table.tableName}" (${table.columns.map((c) => `"${c.name}" ${columnType(engine, c)}`).join(", ")})${engineClause}`;
  yield* insertStatements(table, dataset.rows());
}

async function copyToPostgres(): Promise<void> {
  const sql = postgres(PG);
  try {
    for (const d of COPIED) for (const statement of loadStatements("postgresql", d)) await sql.unsafe(statement);
  } finally {
    await sql.end();
  }
}

async function copyToMariaDb(): Promise<void> {
  const my = await createConnection(MY);
  try {
    await my.query("SET SESSION sql_mode = 'ANSI_QUOTES,NO_BACKSLASH_ESCAPES,STRICT_ALL_TABLES'");
    for (const d of COPIED) for (const statement of loadStatements("mysql", d)) await my.query(statement);
  } finally {
    await my.end();
  }
}

async function clickhouse(sql: string): Promise<void> {
  const res = await fetch(`${CH}?database=test`, { method: "POST", body: sql.replace(/;\s*$/, "") });
  if (!res.ok) throw new Error(`ClickHouse: ${await res.text()}`);
}

async function copyToClickHouse(): Promise<void> {
  await fetch(CH, { method: "POST", body: "CREATE DATABASE IF NOT EXISTS test" });
  for (const d of COPIED) for (const statement of loadStatements("clickhouse", d)) await clickhouse(statement);
}

/** A copied table registered as a dataset, with the saved metrics the D1 example dataset has. */
async function registerCopy(admin: ApiClient, databaseId: number, schema: string, dataset: ExampleDataset): Promise<number> {
  const made = await admin.post("/api/v1/dataset/", { database: databaseId, schema, table_name: copyName(dataset.table.tableName) });
  expect(made.status, await made.clone().text()).toBe(201);
  const { id } = await json<{ id: number }>(made);
  const current = await json<{ result: { metrics: { id: number; metric_name: string; expression: string }[] } }>(await admin.get(`/api/v1/dataset/${id}`));
  const have = new Set(current.result.metrics.map((m) => m.metric_name));
  const metrics = [
    ...current.result.metrics.map(({ id, metric_name, expression }) => ({ id, metric_name, expression })),
    ...dataset.table.metrics.filter((m) => !have.has(m.name)).map((m) => ({ metric_name: m.name, expression: m.expression, verbose_name: m.verboseName, d3format: m.d3format })),
  ];
  const put = await admin.put(`/api/v1/dataset/${id}`, { metrics });
  expect(put.status, await put.clone().text()).toBe(200);
  return id;
}

async function registerEngine(admin: ApiClient, engine: NetworkEngine, uri: string, schema: string): Promise<EngineExamples> {
  const db = await json<{ id: number }>(await admin.post("/api/v1/database/", { database_name: `examples ${engine} ${suffix}`, sqlalchemy_uri: uri, expose_in_sqllab: true }));
  if (engine === "clickhouse") clickhouseIds.add(db.id);
  const datasets = {} as Record<TableName, number>;
  const tables = {} as Record<TableName, string>;
  for (const d of COPIED) {
    const name = d.table.tableName as TableName;
    datasets[name] = await registerCopy(admin, db.id, schema, d);
    tables[name] = copyName(name);
  }
  return { engine, databaseId: db.id, datasets, tables };
}

/** The example tables on D1, PostgreSQL and MariaDB, each registered as datasets the chart-data API can read. */
export async function loadExampleEngines(admin: ApiClient): Promise<Record<Engine, EngineExamples>> {
  await Promise.all([copyToPostgres(), copyToMariaDb(), copyToClickHouse()]);
  const d1Datasets = {} as Record<TableName, number>;
  for (const d of COPIED) d1Datasets[d.table.tableName as TableName] = (await exampleDataset(admin, d.table.tableName)).id;
  return {
    d1: { engine: "d1", databaseId: await examplesId(admin), tables: { birth_names: "birth_names", cleaned_sales_data: "cleaned_sales_data" }, datasets: d1Datasets },
    postgresql: await registerEngine(admin, "postgresql", "postgresql://postgres@127.0.0.1:5432/test", "public"),
    mysql: await registerEngine(admin, "mysql", "mysql://root@127.0.0.1:3306/test", "test"),
    clickhouse: await registerEngine(admin, "clickhouse", "clickhousedb://default@127.0.0.1:8123/test", "test"),
  };
}

export interface ExampleSuite {
  admin: ApiClient;
  client: SupersetClientInstance;
  engines: Record<Engine, EngineExamples>;
}

/**
 * A test file's shared setup: an admin API client, a logged-in SupersetClient and the example tables on all three
 * engines, loaded before the file's tests and dropped after them (nothing at all when `enabled` is false).
 */
export function exampleSuite(enabled = true): ExampleSuite {
  const suite = {} as ExampleSuite;
  beforeAll(async () => {
    if (!enabled) return;
    suite.admin = await loginAsAdmin();
    suite.client = await supersetClient();
    suite.engines = await loadExampleEngines(suite.admin);
  }, 180_000);
  afterAll(async () => {
    if (enabled) await dropExampleCopies();
  });
  return suite;
}

/** A figure from any engine's driver (PostgreSQL's bigint sums come as text) as a number; null stays null. */
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function dropExampleCopies(): Promise<void> {
  const names = COPIED.map((d) => copyName(d.table.tableName));
  const pg = postgres(PG);
  await pg.unsafe(names.map((n) => `DROP TABLE IF EXISTS "${n}"`).join("; ")).finally(() => pg.end());
  const my = await createConnection(MY);
  for (const n of names) await my.query(`DROP TABLE IF EXISTS \`${n}\``);
  await my.end();
  for (const n of names) await clickhouse(`DROP TABLE IF EXISTS \`${n}\``);
}

/** Independent figures: SQL we write ourselves, run through SQL Lab on the engine's database. */
export async function sqlLab(admin: ApiClient, databaseId: number, sql: string): Promise<Record<string, any>[]> {
  if (clickhouseIds.has(databaseId)) sql = sql.replace(/'(\d{4}-\d{2}-\d{2})'/g, "'$1 00:00:00'");
  const res = await admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: databaseId, runAsync: false, sql, queryLimit: 100_000 });
  expect(res.status, `${sql}\n${await res.clone().text()}`).toBe(200);
  return (await json<{ data: Record<string, any>[] }>(res)).data;
}

/** The year of a timestamp column, as an integer, in each engine's SQL. */
export const yearOf = (engine: Engine, col: string) =>
  engine === "clickhouse" ? `toYear(${col})` : engine === "d1" ? `CAST(strftime('%Y', ${col}) AS INTEGER)` : engine === "postgresql" ? `CAST(EXTRACT(YEAR FROM ${col}) AS INTEGER)` : `YEAR(${col})`;
/** The month (1–12) of a timestamp column. */
export const monthOf = (engine: Engine, col: string) =>
  engine === "clickhouse" ? `toMonth(${col})` : engine === "d1" ? `CAST(strftime('%m', ${col}) AS INTEGER)` : engine === "postgresql" ? `CAST(EXTRACT(MONTH FROM ${col}) AS INTEGER)` : `MONTH(${col})`;

/** A chart's form_data through its plugin's own buildQuery, POSTed by SupersetClient; the results answered. */
export async function chartData(client: SupersetClientInstance, datasetId: number, formData: FormData): Promise<ChartResult[]> {
  const { buildQueryByVizType } = await loadSupersetUi();
  const build = buildQueryByVizType[formData.viz_type as string];
  if (!build) throw new Error(`no buildQuery for ${String(formData.viz_type)}`);
  const body = build({ ...formData, datasource: `${datasetId}__table` });
  const { json: answer, response } = await client.post({ endpoint: "/api/v1/chart/data", jsonPayload: body }).catch(async (e) => {
    throw e instanceof Response ? new Error(`chart data ${e.status}: ${await e.text()}`) : e;
  });
  expect(response.status).toBe(200);
  return answer.result;
}

export interface ChartResult {
  colnames: string[];
  data: Record<string, any>[];
  rowcount: number;
  status: string;
  applied_filters: { column: string }[];
  rejected_filters: unknown[];
}

/** A SIMPLE adhoc filter as Explore writes it. */
export const simple = (subject: string, operator: string, comparator?: unknown) => ({ expressionType: "SIMPLE", clause: "WHERE", subject, operator, comparator });
/** A custom SQL adhoc filter, WHERE or HAVING. */
export const custom = (clause: "WHERE" | "HAVING", sqlExpression: string) => ({ expressionType: "SQL", clause, sqlExpression });
