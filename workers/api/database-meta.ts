import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requiresAny } from "../http/guard";
import { idParam, jsonObject, objectName, risonQuery } from "../http/input";
import { badRequest } from "../../core/http/errors";
import { dialectFor } from "../../core/connectors/dialects";
import type { Connector, TableMetadata } from "../../core/connectors/types";
import { connectorFor } from "../../services/connectors/registry";
import { functionNameList } from "../../core/connectors/function-names";
import { readableDatabase } from "./database-access";
import { checkFields } from "../../core/sqllab/fields";
import { requireValidator } from "../../core/sqllab/validate-sql";
import { validateSql } from "../../services/sqllab/validate-sql";
import { prepareSql } from "../sqllab/prepare";

// Browsing a database: catalogs, schemas, tables, table metadata and `select *` text, for the database
// admin pages and for SQL Lab's left panel (hence can_sqllab is enough), limited to databases the caller may use.

export const databaseMetaApi = new Hono<AppEnv>({ strict: true });

const browse = () => requiresAny(["can_read", "Database"], ["can_sqllab", "Superset"]);
const SELECT_STAR_LIMIT = 100;

async function withConnector<T>(c: Context<AppEnv>, use: (connector: Connector, engine: string) => Promise<T>): Promise<T> {
  const database = await readableDatabase(c.var.db, principalOf(c), idParam(c));
  const connector = await connectorFor(c.env, database, c.var.secret);
  try {
    return await use(connector, database.engine);
  } finally {
    await connector.close();
  }
}

function optionalString(value: unknown, name: string): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw badRequest(`${name} must be a string`);
  return value;
}

databaseMetaApi.get("/api/v1/database/:pk/catalogs/", browse(), async (c) => {
  const result = await withConnector(c, (conn) => conn.catalogs());
  return c.json({ result });
});

databaseMetaApi.get("/api/v1/database/:pk/schemas/", browse(), async (c) => {
  const q = risonQuery(c) ?? {};
  optionalString(q.catalog, "catalog");
  const result = await withConnector(c, (conn) => conn.schemas(null));
  return c.json({ result });
});

databaseMetaApi.get("/api/v1/database/:pk/function_names/", browse(), async (c) => {
  return c.json({ function_names: functionNameList(await withConnector(c, (conn) => conn.functionNames())) });
});

// Superset maps validate_sql to can_read on Database; EXPLAIN plans without running, and the gate comes first.
databaseMetaApi.post("/api/v1/database/:pk/validate_sql/", browse(), async (c) => {
  const body = checkFields(await jsonObject(c), {
    sql: { kind: "string", required: true },
    schema: { kind: "string", nullable: true },
    catalog: { kind: "string", nullable: true },
    template_params: { kind: "object", nullable: true },
  });
  const p = principalOf(c);
  const database = await readableDatabase(c.var.db, p, idParam(c));
  requireValidator(database.engine);
  const sql = body.sql as string;
  const prepare = () =>
    prepareSql({ sql, engine: database.engine, allowDml: Boolean(database.allow_dml), templateParams: body.template_params ?? null, user: { id: p.id, username: p.username } });
  const options = { schema: objectName((body.schema as string | null) ?? null, "schema"), catalog: objectName((body.catalog as string | null) ?? null, "catalog") };
  return c.json({ result: await validateSql(() => connectorFor(c.env, database, c.var.secret), prepare, options, sql) });
});

databaseMetaApi.get("/api/v1/database/:pk/tables/", browse(), async (c) => {
  const q = risonQuery(c) ?? {};
  const schema = objectName(optionalString(q.schema_name, "schema_name"), "schema");
  const catalog = optionalString(q.catalog_name, "catalog_name");
  const tables = await withConnector(c, (conn) => conn.tables(schema, catalog));
  return c.json({ count: tables.length, result: tables.map((t) => ({ value: t.name, type: t.type, extra: null })) });
});

/** Superset's table metadata answer: columns with their keys, select * text, primary and foreign keys, indexes. */
function metadataResponse(meta: TableMetadata, engine: string) {
  const dialect = dialectFor(engine);
  const keysOf = (column: string) => [
    ...(meta.primaryKey.constrained_columns.includes(column) ? [{ ...meta.primaryKey, column_names: meta.primaryKey.constrained_columns, type: "pk" }] : []),
    ...meta.foreignKeys.filter((f) => f.constrained_columns.includes(column)).map((f) => ({ ...f, column_names: f.constrained_columns, type: "fk" })),
    ...meta.indexes.filter((i) => i.column_names.includes(column)).map((i) => ({ ...i, type: "index" })),
  ];
  return {
    name: meta.name,
    columns: meta.columns.map((col) => ({
      name: col.name,
      type: col.type,
      longType: col.type,
      type_generic: col.type_generic,
      nullable: col.nullable,
      default: col.default,
      keys: keysOf(col.name),
      ...(col.comment ? { comment: col.comment } : {}),
    })),
    selectStar: dialect.selectStar(meta.name, meta.schema, meta.columns.map((col) => col.name), SELECT_STAR_LIMIT),
    primaryKey: { ...meta.primaryKey, type: "pk" },
    foreignKeys: meta.foreignKeys.map((f) => ({ ...f, type: "fk" })),
    indexes: meta.indexes.map((i) => ({ ...i, type: "index" })),
  };
}

function tableArgs(c: Context<AppEnv>) {
  const table = objectName(c.req.query("name") ?? c.req.query("table"), "table");
  if (!table) throw badRequest("A table name is required: ?name=<table>");
  return { table, schema: objectName(c.req.query("schema") || null, "schema"), catalog: objectName(c.req.query("catalog") || null, "catalog") };
}

databaseMetaApi.get("/api/v1/database/:pk/table_metadata/", browse(), async (c) => {
  const { table, schema, catalog } = tableArgs(c);
  return c.json(await withConnector(c, async (conn, engine) => metadataResponse(await conn.tableMetadata(table, schema, catalog), engine)));
});

databaseMetaApi.get("/api/v1/database/:pk/table_metadata/extra/", browse(), async (c) => {
  const { table, schema, catalog } = tableArgs(c);
  // Partitions and clustering are what Superset reports here; none of our engines has them, but the table must exist.
  await withConnector(c, (conn) => conn.tableMetadata(table, schema, catalog));
  return c.json({});
});

async function selectStar(c: Context<AppEnv>, table: string, schema: string | null) {
  const text = await withConnector(c, async (conn, engine) => {
    const meta = await conn.tableMetadata(table, schema, null);
    return dialectFor(engine).selectStar(meta.name, schema, [], SELECT_STAR_LIMIT);
  });
  return c.json({ result: text });
}

databaseMetaApi.get("/api/v1/database/:pk/select_star/:table_name/", browse(), (c) => selectStar(c, objectName(c.req.param("table_name"), "table"), null));
databaseMetaApi.get("/api/v1/database/:pk/select_star/:table_name/:schema_name/", browse(), (c) =>
  selectStar(c, objectName(c.req.param("table_name"), "table"), objectName(c.req.param("schema_name"), "schema")),
);
