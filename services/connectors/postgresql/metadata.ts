import type postgres from "postgres";
import { dialectFor } from "../../../core/connectors/dialects";
import type { TableMetadata, TableRef } from "../../../core/connectors/types";

const dialect = dialectFor("postgresql");
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the custom parsers widen the type map
type Sql = postgres.Sql<any>;

// Catalog queries read pg_catalog directly: information_schema hides objects the user cannot write to.
// Arrays travel as JSON: the client skips fetching array type OIDs (one round trip less per connection).

export async function listSchemas(sql: Sql): Promise<string[]> {
  const rows = await sql<{ nspname: string }[]>`
    SELECT nspname FROM pg_namespace
    WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp\\_%'
      AND has_schema_privilege(oid, 'USAGE')
    ORDER BY nspname`;
  return rows.map((r) => r.nspname);
}

/**
 * Functions callable without a schema (pg_catalog and the search path), from pg_proc: plain functions,
 * aggregates and window functions; procedures and the type-support functions SQL cannot call (taking or
 * returning internal, cstring or a handler type) are left out.
 */
export async function listFunctionNames(sql: Sql): Promise<string[]> {
  const rows = await sql<{ proname: string }[]>`
    SELECT DISTINCT p.proname FROM pg_proc p
    WHERE p.prokind IN ('f', 'a', 'w') AND pg_function_is_visible(p.oid)
      AND p.prorettype NOT IN ('internal'::regtype, 'cstring'::regtype, 'trigger'::regtype, 'event_trigger'::regtype,
        'language_handler'::regtype, 'fdw_handler'::regtype, 'index_am_handler'::regtype, 'table_am_handler'::regtype,
        'tsm_handler'::regtype)
      AND NOT ('internal'::regtype = ANY (p.proargtypes::regtype[])) AND NOT ('cstring'::regtype = ANY (p.proargtypes::regtype[]))
    ORDER BY p.proname`;
  return rows.map((r) => r.proname);
}

export async function listTables(sql: Sql, schema: string): Promise<TableRef[]> {
  const rows = await sql<{ relname: string; relkind: string }[]>`
    SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
    ORDER BY c.relname`;
  return rows.map((r) => ({ name: r.relname, type: r.relkind === "v" || r.relkind === "m" ? "view" : "table" }));
}

export async function readTableMetadata(sql: Sql, table: string, schema: string): Promise<TableMetadata | null> {
  const [rel] = await sql<{ oid: number }[]>`
    SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND c.relname = ${table} AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`;
  if (!rel) return null;
  const oid = rel.oid;
  const columns = await sql<{ name: string; type: string; notnull: boolean; dflt: string | null; comment: string | null }[]>`
    SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull,
           pg_get_expr(d.adbin, d.adrelid) AS dflt, col_description(a.attrelid, a.attnum) AS comment
    FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = ${oid} AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY a.attnum`;
  const constraints = await sql<{ name: string; type: string; cols: string[]; ref_schema: string | null; ref_table: string | null; ref_cols: string[] | null }[]>`
    SELECT con.conname AS name, con.contype AS type,
      array_to_json(ARRAY(SELECT att.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
            JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = k.num ORDER BY k.ord)) AS cols,
      rn.nspname AS ref_schema, rc.relname AS ref_table,
      array_to_json(ARRAY(SELECT att.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
            JOIN pg_attribute att ON att.attrelid = con.confrelid AND att.attnum = k.num ORDER BY k.ord)) AS ref_cols
    FROM pg_constraint con
    LEFT JOIN pg_class rc ON rc.oid = con.confrelid LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
    WHERE con.conrelid = ${oid} AND con.contype IN ('p', 'f')
    ORDER BY con.conname`;
  const indexes = await sql<{ name: string; unique: boolean; cols: string[] }[]>`
    SELECT ic.relname AS name, i.indisunique AS unique,
      array_to_json(ARRAY(SELECT att.attname::text FROM unnest(i.indkey) WITH ORDINALITY k(num, ord)
            JOIN pg_attribute att ON att.attrelid = i.indrelid AND att.attnum = k.num ORDER BY k.ord)) AS cols
    FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
    WHERE i.indrelid = ${oid} AND NOT i.indisprimary
    ORDER BY ic.relname`;
  const pk = constraints.find((c) => c.type === "p");
  return {
    name: table,
    schema,
    columns: columns.map((c) => ({
      name: c.name,
      type: c.type,
      type_generic: dialect.genericType(c.type),
      nullable: !c.notnull,
      default: c.dflt,
      comment: c.comment,
    })),
    primaryKey: { name: pk?.name ?? null, constrained_columns: pk?.cols ?? [] },
    foreignKeys: constraints
      .filter((c) => c.type === "f")
      .map((c) => ({
        name: c.name,
        constrained_columns: c.cols,
        referred_schema: c.ref_schema,
        referred_table: c.ref_table ?? "",
        referred_columns: c.ref_cols ?? [],
      })),
    indexes: indexes.map((i) => ({ name: i.name, unique: i.unique, column_names: i.cols })),
  };
}
