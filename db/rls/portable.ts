import { asc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { databases, datasets, rlsFilters, roles } from "../schema";
import { inList } from "../d1-params";
import { ruleJson } from "./list";
import { linksOf, type RuleTable } from "./store";
import { portableRule, type PortableRule } from "../../core/rls/portable";

// The reads behind exporting and importing rules files (core/rls/portable.ts): rules with their datasets and
// roles by name, and the datasets, roles and rules a file's names resolve to.

/** The rules `ids` names (every rule when null), as the file writes them, ordered by name. */
export async function portableRules(db: Database, ids: number[] | null): Promise<{ found: number[]; rules: PortableRule[] }> {
  const rows = await db.select().from(rlsFilters).where(ids ? inList(rlsFilters.id, ids) : undefined).orderBy(asc(rlsFilters.name)).all();
  const links = await linksOf(db, rows.map((r) => r.id));
  return { found: rows.map((r) => r.id), rules: rows.map((r) => portableRule(ruleJson(r, links.get(r.id), new Map()))) };
}

/** The datasets whose table is named `tableNames` (any schema, any database), with their engines. */
export async function datasetsNamed(db: Database, tableNames: string[]): Promise<RuleTable[]> {
  if (!tableNames.length) return [];
  return db.select({ id: datasets.id, schema: datasets.schema, table_name: datasets.table_name, engine: databases.engine })
    .from(datasets).innerJoin(databases, eq(databases.id, datasets.database_id)).where(inList(datasets.table_name, tableNames)).all();
}

export async function roleIdsNamed(db: Database, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inList(roles.name, names)).all();
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function ruleIdsNamed(db: Database, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const rows = await db.select({ id: rlsFilters.id, name: rlsFilters.name }).from(rlsFilters).where(inList(rlsFilters.name, names)).all();
  return new Map(rows.map((r) => [r.name, r.id]));
}
