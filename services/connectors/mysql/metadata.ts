import type { Connection } from "mysql2/promise";
import { dialectFor } from "../../../core/connectors/dialects";
import type { TableMetadata, TableRef } from "../../../core/connectors/types";

const dialect = dialectFor("mysql");
const SYSTEM_SCHEMAS = ["information_schema", "performance_schema", "mysql", "sys"];

async function objects<T>(conn: Connection, sql: string, params: unknown[] = []): Promise<T[]> {
  const [rows] = await conn.query({ sql, rowsAsArray: false, values: params });
  return rows as T[];
}

export async function listSchemas(conn: Connection): Promise<string[]> {
  const rows = await objects<{ name: string }>(conn, "SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME");
  return rows.map((r) => r.name).filter((n) => !SYSTEM_SCHEMAS.includes(n.toLowerCase()));
}

/** Stored functions of the connection's database (CREATE FUNCTION), callable there without a schema. */
export async function listStoredFunctions(conn: Connection): Promise<string[]> {
  const rows = await objects<{ name: string }>(
    conn,
    "SELECT DISTINCT ROUTINE_NAME AS name FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION' AND ROUTINE_SCHEMA = DATABASE()",
  );
  return rows.map((r) => r.name);
}

export async function listTables(conn: Connection, schema: string): Promise<TableRef[]> {
  const rows = await objects<{ name: string; type: string }>(
    conn,
    "SELECT TABLE_NAME AS name, TABLE_TYPE AS type FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME",
    [schema],
  );
  return rows.map((r) => ({ name: r.name, type: /VIEW/i.test(r.type) ? "view" : "table" }));
}

export async function readTableMetadata(conn: Connection, table: string, schema: string): Promise<TableMetadata | null> {
  const columns = await objects<{ name: string; type: string; nullable: string; dflt: string | null; comment: string | null }>(
    conn,
    `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_DEFAULT AS dflt, COLUMN_COMMENT AS comment
     FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
    [schema, table],
  );
  if (!columns.length) return null;
  const keys = await objects<{ name: string; col: string; ref_schema: string | null; ref_table: string | null; ref_col: string | null }>(
    conn,
    `SELECT CONSTRAINT_NAME AS name, COLUMN_NAME AS col, REFERENCED_TABLE_SCHEMA AS ref_schema,
            REFERENCED_TABLE_NAME AS ref_table, REFERENCED_COLUMN_NAME AS ref_col
     FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?
       AND (CONSTRAINT_NAME = 'PRIMARY' OR REFERENCED_TABLE_NAME IS NOT NULL)
     ORDER BY CONSTRAINT_NAME, ORDINAL_POSITION`,
    [schema, table],
  );
  const stats = await objects<{ name: string; non_unique: number | string; col: string }>(
    conn,
    `SELECT INDEX_NAME AS name, NON_UNIQUE AS non_unique, COLUMN_NAME AS col FROM information_schema.STATISTICS
     WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY' ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [schema, table],
  );
  const foreignKeys = new Map<string, TableMetadata["foreignKeys"][number]>();
  for (const k of keys.filter((k) => k.name !== "PRIMARY")) {
    const fk = foreignKeys.get(k.name) ?? { name: k.name, constrained_columns: [], referred_schema: k.ref_schema, referred_table: k.ref_table ?? "", referred_columns: [] };
    fk.constrained_columns.push(k.col);
    if (k.ref_col) fk.referred_columns.push(k.ref_col);
    foreignKeys.set(k.name, fk);
  }
  const indexes = new Map<string, TableMetadata["indexes"][number]>();
  for (const s of stats) {
    const idx = indexes.get(s.name) ?? { name: s.name, unique: Number(s.non_unique) === 0, column_names: [] };
    idx.column_names.push(s.col);
    indexes.set(s.name, idx);
  }
  return {
    name: table,
    schema,
    columns: columns.map((c) => ({
      name: c.name,
      type: c.type.toUpperCase(),
      type_generic: dialect.genericType(c.type),
      nullable: c.nullable === "YES",
      default: c.dflt,
      comment: c.comment || null,
    })),
    primaryKey: { name: keys.some((k) => k.name === "PRIMARY") ? "PRIMARY" : null, constrained_columns: keys.filter((k) => k.name === "PRIMARY").map((k) => k.col) },
    foreignKeys: [...foreignKeys.values()],
    indexes: [...indexes.values()],
  };
}
