import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { databases, datasets, rlsFilterRoles, rlsFilterTables, rlsFilters, roles } from "../schema";
import { inList } from "../d1-params";
import type { ListSpec } from "../lists/list";
import type { RlsPayload } from "../../core/rls/payloads";
import { badRequest } from "../../core/http/errors";
import { forgetRlsRules } from "./dataset-rules";
import { forgetProtectedTables } from "./table-rules";

// Rules as the RLS API reads and writes them. A rule and its link rows are written in one D1 batch (one
// transaction), so a failed save leaves nothing half-written; a new rule's links find it by its unique name.

export type RlsRow = typeof rlsFilters.$inferSelect;
export interface RuleTable { id: number; schema: string | null; table_name: string; engine: string }
export interface RuleLinks { tables: RuleTable[]; roles: { id: number; name: string }[] }

const linked = (table: typeof rlsFilterTables | typeof rlsFilterRoles, column: "table_id" | "role_id", values: unknown) => {
  const list = (Array.isArray(values) ? values : [values]).filter((v) => Number.isSafeInteger(v)) as number[];
  if (!list.length) return sql`0`;
  const col = column === "table_id" ? (table as typeof rlsFilterTables).table_id : (table as typeof rlsFilterRoles).role_id;
  return sql`${rlsFilters.id} IN (SELECT ${table.rls_filter_id} FROM ${table} WHERE ${inList(col, list)})`;
};

export const rlsListSpec: ListSpec = {
  table: rlsFilters,
  columns: {
    id: rlsFilters.id, name: rlsFilters.name, filter_type: rlsFilters.filter_type, clause: rlsFilters.clause, group_key: rlsFilters.group_key,
    description: rlsFilters.description, changed_on_delta_humanized: rlsFilters.changed_on, changed_on: rlsFilters.changed_on, changed_by: rlsFilters.changed_by_fk,
  },
  defaultOrder: { column: rlsFilters.changed_on, direction: "desc" },
  // FAB's rel_m_m on the rule's datasets and roles (other columns take the generic operators)
  customFilter: (f) => {
    if (f.col === "tables" && f.opr === "rel_m_m") return linked(rlsFilterTables, "table_id", f.value);
    if (f.col === "roles" && f.opr === "rel_m_m") return linked(rlsFilterRoles, "role_id", f.value);
    if (f.col === "tables" || f.col === "roles") throw badRequest(`Filter operator not supported: ${f.opr}`);
    return undefined;
  },
};

export async function ruleById(db: Database, id: number): Promise<RlsRow | undefined> {
  return db.select().from(rlsFilters).where(eq(rlsFilters.id, id)).get();
}

/** The datasets and roles of each rule, by rule id. */
export async function linksOf(db: Database, ids: number[]): Promise<Map<number, RuleLinks>> {
  const out = new Map<number, RuleLinks>(ids.map((id) => [id, { tables: [], roles: [] }]));
  if (!ids.length) return out;
  const [tables, roleRows] = await db.batch([
    db.select({ rule: rlsFilterTables.rls_filter_id, id: datasets.id, schema: datasets.schema, table_name: datasets.table_name, engine: databases.engine })
      .from(rlsFilterTables).innerJoin(datasets, eq(datasets.id, rlsFilterTables.table_id)).innerJoin(databases, eq(databases.id, datasets.database_id))
      .where(inList(rlsFilterTables.rls_filter_id, ids)).orderBy(asc(datasets.table_name)),
    db.select({ rule: rlsFilterRoles.rls_filter_id, id: roles.id, name: roles.name })
      .from(rlsFilterRoles).innerJoin(roles, eq(roles.id, rlsFilterRoles.role_id))
      .where(inList(rlsFilterRoles.rls_filter_id, ids)).orderBy(asc(roles.name)),
  ]);
  for (const { rule, ...t } of tables) out.get(rule)?.tables.push(t);
  for (const { rule, ...r } of roleRows) out.get(rule)?.roles.push(r);
  return out;
}

/** The datasets among `ids` that exist, with their engines (a clause is checked for each engine it runs on). */
export async function datasetsById(db: Database, ids: number[]): Promise<RuleTable[]> {
  if (!ids.length) return [];
  return db.select({ id: datasets.id, schema: datasets.schema, table_name: datasets.table_name, engine: databases.engine })
    .from(datasets).innerJoin(databases, eq(databases.id, datasets.database_id)).where(inList(datasets.id, ids)).all();
}

export async function roleIdsFound(db: Database, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: roles.id }).from(roles).where(inList(roles.id, ids)).all();
  return new Set(rows.map((r) => r.id));
}

export async function ruleNamed(db: Database, name: string): Promise<{ id: number } | undefined> {
  return db.select({ id: rlsFilters.id }).from(rlsFilters).where(eq(rlsFilters.name, name)).get();
}

type Fields = Omit<RlsPayload, "tables" | "roles">;

/** Writes a rule (new when `id` is null) and, when given, replaces its datasets and roles; one transaction. */
export async function saveRule(db: Database, id: number | null, fields: Fields, links: { tables?: number[]; roles?: number[] }, actor: number | null): Promise<number> {
  await saveRules(db, [{ id, fields, links }], actor);
  if (id !== null) return id;
  return (await ruleNamed(db, fields.name!))!.id;
}

export interface RuleSave { id: number | null; fields: Fields; links: { tables?: number[]; roles?: number[] } }

/** Writes several rules in one D1 batch (one transaction): an import of many rules lands whole or not at all. */
export async function saveRules(db: Database, saves: RuleSave[], actor: number | null): Promise<void> {
  const writes = saves.flatMap((s) => ruleWrites(db, s, actor));
  if (!writes.length) return;
  await db.batch(writes as [typeof writes[0], ...typeof writes]);
  forgetRlsRules();
  forgetProtectedTables();
}

function ruleWrites(db: Database, { id, fields, links }: RuleSave, actor: number | null) {
  const name = fields.name;
  const ruleId = id === null ? sql`(SELECT ${rlsFilters.id} FROM ${rlsFilters} WHERE ${rlsFilters.name} = ${name})` : id;
  const head = id === null
    ? db.insert(rlsFilters).values({
      name: name!, filter_type: fields.filter_type!, clause: fields.clause!, description: fields.description ?? null, group_key: fields.group_key || null,
      created_by_fk: actor, changed_by_fk: actor,
    })
    : db.update(rlsFilters).set({ ...fields, ...("group_key" in fields ? { group_key: fields.group_key || null } : {}), changed_by_fk: actor }).where(eq(rlsFilters.id, id));
  const writes = [
    head,
    ...(links.tables && id !== null ? [db.delete(rlsFilterTables).where(eq(rlsFilterTables.rls_filter_id, id))] : []),
    ...(links.roles && id !== null ? [db.delete(rlsFilterRoles).where(eq(rlsFilterRoles.rls_filter_id, id))] : []),
    ...(links.tables ?? []).map((table_id) => db.insert(rlsFilterTables).values({ rls_filter_id: ruleId as number, table_id })),
    ...(links.roles ?? []).map((role_id) => db.insert(rlsFilterRoles).values({ rls_filter_id: ruleId as number, role_id })),
  ];
  return writes;
}

export async function deleteRules(db: Database, ids: number[]): Promise<void> {
  await db.delete(rlsFilters).where(inList(rlsFilters.id, ids)).run();
  forgetRlsRules();
  forgetProtectedTables();
}
