import type { TableMetadata, TableRef } from "../../../core/connectors/types";
import { clickhouseGenericType } from "../../../core/engines/clickhouse/dialect";
import { literal } from "./http";

// The schema browser's questions as system-table queries. ClickHouse's databases are Superset's schemas; it has
// no foreign keys nor indexes to speak of, and its primary key is the prefix of the sorting key.

type Ask = (sql: string) => Promise<unknown[][]>;

const SYSTEM_DATABASES = new Set(["system", "information_schema", "INFORMATION_SCHEMA"]);

export async function listSchemas(ask: Ask): Promise<string[]> {
  const rows = await ask("SELECT name FROM system.databases ORDER BY name");
  return rows.map((r) => String(r[0])).filter((n) => !SYSTEM_DATABASES.has(n));
}

export async function listTables(ask: Ask, schema: string): Promise<TableRef[]> {
  const rows = await ask(`SELECT name, engine FROM system.tables WHERE database = ${literal(schema)} AND is_temporary = 0 ORDER BY name`);
  return rows.map((r) => ({ name: String(r[0]), type: /View$/.test(String(r[1])) ? "view" : "table" }));
}

export async function readTableMetadata(ask: Ask, table: string, schema: string): Promise<TableMetadata | null> {
  const rows = await ask(
    `SELECT name, type, default_kind, default_expression, comment, is_in_primary_key FROM system.columns
     WHERE database = ${literal(schema)} AND table = ${literal(table)}`,
  );
  if (!rows.length) return null;
  return {
    name: table,
    schema,
    columns: rows.map(([name, type, kind, expression, comment]) => ({
      name: String(name),
      type: String(type),
      type_generic: clickhouseGenericType(String(type)),
      nullable: /^(LowCardinality\()?Nullable\(/.test(String(type)),
      default: kind ? `${kind} ${expression}` : null,
      comment: comment ? String(comment) : null,
    })),
    primaryKey: { name: null, constrained_columns: rows.filter((r) => Number(r[5]) === 1).map((r) => String(r[0])) },
    foreignKeys: [],
    indexes: [],
  };
}

export async function listFunctions(ask: Ask): Promise<string[]> {
  const rows = await ask("SELECT name FROM system.functions ORDER BY name");
  return rows.map((r) => String(r[0]));
}
