import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { databases, datasets, roles, users } from "../schema";
import type { ListSpec } from "./list";
import type { RelatedArgs } from "../../core/http/fab";
import { inList, notInList } from "../d1-params";

// FAB's `related/<column>` and `distinct/<column>` lists: `{ count, result: [{ value, text, extra? }] }`.

export interface RelatedAnswer {
  count: number;
  result: { value: string | number; text: string; extra?: Record<string, unknown> }[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);
const contains = (column: SQL | SQLiteColumn, text: string) => sql`lower(${column}) LIKE lower(${`%${escapeLike(text)}%`}) ESCAPE '\\'`;

/**
 * Active users (Superset's FilterRelatedOwners: the text matches the full name or the user name), by name.
 * `include_ids` users come first on the first page even when the text or the page would leave them out.
 */
export async function relatedUsers(db: Database, args: RelatedArgs): Promise<RelatedAnswer> {
  const fullName = sql`${users.first_name} || ' ' || ${users.last_name}`;
  const match = args.filter ? or(contains(fullName, args.filter), contains(users.username, args.filter)) : undefined;
  const where = and(eq(users.active, true), match);
  const total = await db.select({ n: sql<number>`count(*)` }).from(users).where(where).get();
  const rows = await db.select().from(users).where(where).orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
    .limit(args.pageSize).offset(args.page * args.pageSize).all();
  const extra = args.includeIds.length && args.page === 0
    ? await db.select().from(users).where(and(inList(users.id, args.includeIds), rows.length ? notInList(users.id, rows.map((r) => r.id)) : undefined)).all()
    : [];
  return {
    count: total?.n ?? 0,
    result: [...extra, ...rows].map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`.trim(), extra: { active: u.active, email: u.email } })),
  };
}

/** Databases the caller may see (Superset's DatabaseFilter), matched on their name. */
export async function relatedDatabases(db: Database, visibleIds: number[] | "all", args: RelatedArgs): Promise<RelatedAnswer> {
  if (visibleIds !== "all" && visibleIds.length === 0) return { count: 0, result: [] };
  const where = and(
    visibleIds === "all" ? undefined : inList(databases.id, visibleIds),
    args.filter ? contains(databases.database_name, args.filter) : undefined,
  );
  const total = await db.select({ n: sql<number>`count(*)` }).from(databases).where(where).get();
  const rows = await db.select({ id: databases.id, name: databases.database_name }).from(databases).where(where)
    .orderBy(asc(databases.database_name)).limit(args.pageSize).offset(args.page * args.pageSize).all();
  return { count: total?.n ?? 0, result: rows.map((r) => ({ value: r.id, text: r.name })) };
}

/**
 * Distinct values of one listed column within what the caller may list (the spec's base filter), starting
 * with the filter text as FAB's distinct does; nulls are counted out and left out.
 */
export async function distinctValues(db: Database, spec: ListSpec, column: SQLiteColumn, args: RelatedArgs): Promise<RelatedAnswer> {
  const where = and(spec.baseWhere, sql`${column} IS NOT NULL`, args.filter ? sql`${column} LIKE ${`${escapeLike(args.filter)}%`} ESCAPE '\\'` : undefined);
  const total = await db.select({ n: sql<number>`count(DISTINCT ${column})` }).from(spec.table).where(where).get();
  const rows = await db.selectDistinct({ v: column }).from(spec.table).where(where).orderBy(asc(column))
    .limit(args.pageSize).offset(args.page * args.pageSize).all();
  return { count: total?.n ?? 0, result: rows.map((r) => ({ value: r.v as string, text: String(r.v) })) };
}

/** Roles matched on their name (Superset's related/roles of dashboards, for DASHBOARD_RBAC). */
export async function relatedRoles(db: Database, args: RelatedArgs): Promise<RelatedAnswer> {
  const where = args.filter ? contains(roles.name, args.filter) : undefined;
  const total = await db.select({ n: sql<number>`count(*)` }).from(roles).where(where).get();
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(where).orderBy(asc(roles.name))
    .limit(args.pageSize).offset(args.page * args.pageSize).all();
  return { count: total?.n ?? 0, result: rows.map((r) => ({ value: r.id, text: r.name })) };
}

/** Datasets matched on their name (Superset's related/tables of row-level security rules): "schema.table" as FAB's str(). */
export async function relatedDatasets(db: Database, args: RelatedArgs): Promise<RelatedAnswer> {
  const where = args.filter ? contains(datasets.table_name, args.filter) : undefined;
  const total = await db.select({ n: sql<number>`count(*)` }).from(datasets).where(where).get();
  const rows = await db.select({ id: datasets.id, schema: datasets.schema, name: datasets.table_name }).from(datasets).where(where)
    .orderBy(asc(datasets.table_name), asc(datasets.id)).limit(args.pageSize).offset(args.page * args.pageSize).all();
  return { count: total?.n ?? 0, result: rows.map((r) => ({ value: r.id, text: r.schema ? `${r.schema}.${r.name}` : r.name })) };
}
