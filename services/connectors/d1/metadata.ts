import { dialectFor } from "../../../core/connectors/dialects";
import type { TableMetadata, TableRef } from "../../../core/connectors/types";

const dialect = dialectFor("d1");

// Tables that belong to D1 or wrangler rather than to the data: never listed as data sources.
const HIDDEN = `name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'`;

export async function listTables(d1: D1Database): Promise<TableRef[]> {
  const { results } = await d1
    .prepare(`SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') AND ${HIDDEN} ORDER BY name`)
    .all<{ name: string; type: "table" | "view" }>();
  return results.map((r) => ({ name: r.name, type: r.type }));
}

interface ColumnInfo { cid: number; name: string; type: string; notnull: number; dflt_value: string | null; pk: number }
interface ForeignKeyInfo { id: number; seq: number; table: string; from: string; to: string | null }
interface IndexInfo { name: string; unique: number; origin: string }

export async function readTableMetadata(d1: D1Database, table: string, schema: string | null): Promise<TableMetadata | null> {
  const q = dialect.quoteIdentifier(table);
  const [cols, fks, idx] = await d1.batch([
    d1.prepare(`PRAGMA table_info(${q})`),
    d1.prepare(`PRAGMA foreign_key_list(${q})`),
    d1.prepare(`PRAGMA index_list(${q})`),
  ]);
  const columns = cols.results as unknown as ColumnInfo[];
  if (!columns.length) return null;
  const foreignKeys = new Map<number, TableMetadata["foreignKeys"][number]>();
  for (const fk of fks.results as unknown as ForeignKeyInfo[]) {
    const entry = foreignKeys.get(fk.id) ?? { name: null, constrained_columns: [], referred_schema: null, referred_table: fk.table, referred_columns: [] };
    entry.constrained_columns.push(fk.from);
    if (fk.to) entry.referred_columns.push(fk.to);
    foreignKeys.set(fk.id, entry);
  }
  const indexList = (idx.results as unknown as IndexInfo[]).filter((i) => i.origin !== "pk");
  const indexColumns = indexList.length
    ? await d1.batch(indexList.map((i) => d1.prepare(`PRAGMA index_info(${dialect.quoteIdentifier(i.name)})`)))
    : [];
  return {
    name: table,
    schema: schema ?? "main",
    columns: columns.map((c) => ({
      name: c.name,
      type: c.type || "",
      type_generic: dialect.genericType(c.type),
      nullable: !c.notnull && !c.pk,
      default: c.dflt_value,
    })),
    primaryKey: { name: null, constrained_columns: columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name) },
    foreignKeys: [...foreignKeys.values()],
    indexes: indexList.map((i, k) => ({
      name: i.name,
      unique: !!i.unique,
      column_names: (indexColumns[k].results as { name: string }[]).map((r) => r.name),
    })),
  };
}
