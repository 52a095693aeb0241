import { and, eq, isNull, or } from "drizzle-orm";
import type { Database } from "../client";
import { datasets, rlsFilterTables } from "../schema";
import { IsolateCache } from "../isolate-cache";
import { RLS_TTL_MS, rulesOfDataset } from "./dataset-rules";
import type { RlsRule } from "../../core/rls/rules";

// The physical tables of one database that row-level security rules name (through a physical dataset on them),
// with those rules: what SQL Lab (RLS_IN_SQLLAB), alert queries and virtual datasets' SQL are filtered by when
// they read those tables by name. Kept per isolate with the same bound as the datasets' own rules.

export interface ProtectedTable {
  datasetId: number;
  schema: string | null;
  table: string;
  rules: readonly RlsRule[];
}

const cache = new IsolateCache<number, readonly { datasetId: number; schema: string | null; table: string }[]>(RLS_TTL_MS, 200);

export async function protectedTablesOf(db: Database, databaseId: number): Promise<ProtectedTable[]> {
  const tables = await cache.get(databaseId, async () =>
    db
      .selectDistinct({ datasetId: datasets.id, schema: datasets.schema, table: datasets.table_name })
      .from(datasets)
      .innerJoin(rlsFilterTables, eq(rlsFilterTables.table_id, datasets.id))
      .where(and(eq(datasets.database_id, databaseId), or(isNull(datasets.sql), eq(datasets.sql, ""))))
      .orderBy(datasets.id)
      .all(),
  );
  return Promise.all(tables.map(async (t) => ({ ...t, rules: await rulesOfDataset(db, t.datasetId) })));
}

/** After any write to rules, their links or datasets (with forgetRlsRules). */
export function forgetProtectedTables(): void {
  cache.forget();
}
