import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { databases } from "../schema";
import { EXAMPLE_TABLES, EXAMPLES_DATABASE, GENERIC_TYPE_CODE } from "../../core/examples/index";

// Registers the embedded EXAMPLES D1 database as the database "examples" with one dataset per example
// table, from the same descriptions that created the tables (core/examples/). Runs once per isolate.
//
// Everything is written in ONE D1 batch (a transaction) of four statements whose rows come from a JSON
// parameter (json_each), so a half-registered state cannot exist and the query count stays tiny.
// It runs only while the database "examples" is absent: datasets a user deleted do not come back on the
// next cold start. Concurrent first requests both run the batch; the second one changes nothing because
// every insert is guarded (unique database name, NOT EXISTS for datasets, unique column/metric names).

/** SQLite's schema name: the D1 connector lists "main" as the only schema. */
export const EXAMPLES_SCHEMA = "main";

/** Answers true when this call registered them (the first start), false when they were there already. */
export async function registerExamples(db: Database): Promise<boolean> {
  const existing = await db.select({ id: databases.id }).from(databases).where(eq(databases.database_name, EXAMPLES_DATABASE.name)).get();
  if (existing) return false;
  const now = new Date().toISOString();
  const tables = EXAMPLE_TABLES.map((t) => ({
    uuid: crypto.randomUUID(),
    table_name: t.tableName,
    description: t.description,
    main_dttm_col: t.mainDttmCol,
  }));
  const columns = EXAMPLE_TABLES.flatMap((t) =>
    t.columns.map((c) => ({
      uuid: crypto.randomUUID(),
      table_name: t.tableName,
      column_name: c.name,
      verbose_name: c.verboseName ?? null,
      is_dttm: c.isDttm ? 1 : 0,
      type: c.sqlType,
      type_generic: GENERIC_TYPE_CODE[c.generic],
      python_date_format: c.pythonDateFormat ?? null,
      description: c.description ?? null,
    })),
  );
  const metrics = EXAMPLE_TABLES.flatMap((t) =>
    t.metrics.map((m) => ({
      uuid: crypto.randomUUID(),
      table_name: t.tableName,
      metric_name: m.name,
      verbose_name: m.verboseName ?? null,
      metric_type: m.metricType ?? null,
      expression: m.expression,
      d3format: m.d3format ?? null,
    })),
  );
  const d1 = db.$client;
  const j = (field: string) => `json_extract(j.value, '$.${field}')`;
  // the example tables of the examples database, matched by name inside the JSON rows
  const exampleTable = `JOIN tables t ON t.table_name = ${j("table_name")} AND t.schema = ?2
    JOIN dbs d ON d.id = t.database_id AND d.database_name = ?3`;
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO dbs (uuid, database_name, sqlalchemy_uri, engine, expose_in_sqllab, allow_run_async, extra, created_on, changed_on)
         VALUES (?1, ?2, ?3, ?4, 1, 1, '{}', ?5, ?5) ON CONFLICT DO NOTHING`,
      )
      .bind(crypto.randomUUID(), EXAMPLES_DATABASE.name, EXAMPLES_DATABASE.uri, EXAMPLES_DATABASE.engine, now),
    d1
      .prepare(
        `INSERT INTO tables (uuid, table_name, database_id, schema, description, main_dttm_col, created_on, changed_on)
         SELECT ${j("uuid")}, ${j("table_name")}, d.id, ?2, ${j("description")}, ${j("main_dttm_col")}, ?4, ?4
         FROM json_each(?1) j JOIN dbs d ON d.database_name = ?3
         WHERE NOT EXISTS (SELECT 1 FROM tables t WHERE t.database_id = d.id AND t.schema = ?2 AND t.table_name = ${j("table_name")})`,
      )
      .bind(JSON.stringify(tables), EXAMPLES_SCHEMA, EXAMPLES_DATABASE.name, now),
    d1
      .prepare(
        `INSERT OR IGNORE INTO table_columns (uuid, table_id, column_name, verbose_name, is_dttm, is_active, type, type_generic,
           groupby, filterable, python_date_format, description, created_on, changed_on)
         SELECT ${j("uuid")}, t.id, ${j("column_name")}, ${j("verbose_name")}, ${j("is_dttm")}, 1, ${j("type")}, ${j("type_generic")},
           1, 1, ${j("python_date_format")}, ${j("description")}, ?4, ?4
         FROM json_each(?1) j ${exampleTable}`,
      )
      .bind(JSON.stringify(columns), EXAMPLES_SCHEMA, EXAMPLES_DATABASE.name, now),
    d1
      .prepare(
        `INSERT OR IGNORE INTO sql_metrics (uuid, table_id, metric_name, verbose_name, metric_type, expression, d3format, created_on, changed_on)
         SELECT ${j("uuid")}, t.id, ${j("metric_name")}, ${j("verbose_name")}, ${j("metric_type")}, ${j("expression")}, ${j("d3format")}, ?4, ?4
         FROM json_each(?1) j ${exampleTable}`,
      )
      .bind(JSON.stringify(metrics), EXAMPLES_SCHEMA, EXAMPLES_DATABASE.name, now),
  ]);
  return true;
}
