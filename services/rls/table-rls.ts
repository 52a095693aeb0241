import type { Database } from "../../db/client";
import { protectedTablesOf } from "../../db/rls/table-rules";
import { guestRulesFor, rlsPredicate, rulesForViewer, type RlsViewer } from "../../core/rls/rules";
import { applyTableRls, type TableRls } from "../../core/rls/table-references";
import { dialectFor } from "../../core/connectors/dialects";
import type { Principal } from "../../core/security/permissions";
import { rlsViewerOf } from "../../core/rls/viewer";

// Row-level security for SQL that names tables itself (SQL Lab with RLS_IN_SQLLAB, an alert's SQL, a virtual
// dataset's SQL): the rules binding this viewer on each protected table of the database, as predicates the
// rewriter (core/rls/table-references.ts) places around every reference to that table. The rules and their
// rendering are the very ones chart data uses on the physical datasets (rulesForViewer, rlsPredicate).

export async function tableRlsFor(db: Database, databaseId: number, engine: string, viewer: RlsViewer): Promise<TableRls[]> {
  const dialect = dialectFor(engine).flavour;
  const out: TableRls[] = [];
  for (const t of await protectedTablesOf(db, databaseId)) {
    const predicate = rlsPredicate([...rulesForViewer(t.rules, viewer), ...guestRulesFor(viewer, t.datasetId)], viewer, dialect);
    if (predicate) out.push({ schema: t.schema, table: t.table, predicate });
  }
  return out;
}

/** The schema an unqualified name is read in: the query's own, else the engine's default (MySQL's: unknown, so any). */
export function readingSchema(engine: string, schema: string | null | undefined): string | null {
  if (schema) return schema;
  const flavour = dialectFor(engine).flavour;
  return flavour === "postgresql" ? "public" : flavour === "sqlite" ? "main" : null;
}

/** `sql` with the viewer's rules placed around every protected table it reads. */
export async function withTableRls(db: Database, database: { id: number; engine: string }, viewer: RlsViewer, sql: string, schema: string | null): Promise<string> {
  const tables = await tableRlsFor(db, database.id, database.engine, viewer);
  return applyTableRls(sql, dialectFor(database.engine).flavour, tables, readingSchema(database.engine, schema));
}

/** Superset's RLS_IN_SQLLAB feature flag (wrangler var, "true" to turn on), as DASHBOARD_RBAC. */
export const rlsInSqlLabOn = (env: { RLS_IN_SQLLAB?: string }) => env.RLS_IN_SQLLAB === "true";

/** SQL Lab's rules for prepareSql (workers/sqllab/prepare.ts): null when RLS_IN_SQLLAB is off. */
export async function sqlLabRls(
  env: { RLS_IN_SQLLAB?: string },
  db: Database,
  principal: Principal,
  database: { id: number; engine: string },
  schema: string | null | undefined,
): Promise<{ tables: TableRls[]; schema: string | null } | null> {
  if (!rlsInSqlLabOn(env)) return null;
  return { tables: await tableRlsFor(db, database.id, database.engine, rlsViewerOf(principal)), schema: readingSchema(database.engine, schema) };
}
