import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { rlsFilterRoles, rlsFilterTables, rlsFilters, roles } from "../schema";
import { IsolateCache } from "../isolate-cache";
import type { RlsFilterType, RlsRule } from "../../core/rls/rules";

// The row-level security rules naming one dataset, with their roles by name, kept per isolate for at most 2 s as
// the dataset's own rows are (db/datasets/cache.ts): every chart-data request reads them, and a warm one would
// otherwise spend a D1 read on them. A rule written in this isolate is seen at once (forgetRlsRules); one written
// in another isolate within the bound.
export const RLS_TTL_MS = 2_000;

const cache = new IsolateCache<number, readonly RlsRule[]>(RLS_TTL_MS, 1_000);

export function rulesOfDataset(db: Database, datasetId: number): Promise<readonly RlsRule[]> {
  return cache.get(datasetId, async () => {
    const rows = await db
      .select({ id: rlsFilters.id, filter_type: rlsFilters.filter_type, clause: rlsFilters.clause, group_key: rlsFilters.group_key })
      .from(rlsFilterTables)
      .innerJoin(rlsFilters, eq(rlsFilters.id, rlsFilterTables.rls_filter_id))
      .where(eq(rlsFilterTables.table_id, datasetId))
      .orderBy(rlsFilters.id)
      .all();
    if (!rows.length) return Object.freeze([]);
    const roleRows = await db
      .select({ rule: rlsFilterRoles.rls_filter_id, name: roles.name })
      .from(rlsFilterRoles)
      .innerJoin(roles, eq(roles.id, rlsFilterRoles.role_id))
      .innerJoin(rlsFilterTables, eq(rlsFilterTables.rls_filter_id, rlsFilterRoles.rls_filter_id))
      .where(eq(rlsFilterTables.table_id, datasetId))
      .all();
    return Object.freeze(rows.map((r) => Object.freeze({
      id: r.id,
      filter_type: r.filter_type as RlsFilterType,
      clause: r.clause,
      group_key: r.group_key || null,
      roles: Object.freeze(roleRows.filter((x) => x.rule === r.id).map((x) => x.name)) as string[],
    })));
  });
}

/** After any write to rules, their links, roles or datasets. */
export function forgetRlsRules(): void {
  cache.forget();
}
