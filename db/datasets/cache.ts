import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { databases, datasets } from "../schema";
import { columnsAndMetrics, type ColumnRow, type DatabaseRow, type DatasetRow, type MetricRow } from "./datasets";
import { IsolateCache } from "../isolate-cache";

// A dataset with its database, columns and metrics as chart data compiles from them, kept per isolate for at
// most 2 s (db/isolate-cache.ts): a cached chart-data request otherwise spends most of its Worker CPU on these
// three D1 reads (a V8 profile in bench/chart-data.mjs). Only the rows are cached, never an access decision:
// the caller's data access is checked against them on every request. Writes in this isolate forget everything
// (forgetDatasets); another isolate's edit, or its cache invalidation, shows here within the bound.
export const DATASET_TTL_MS = 2_000;

export interface DatasetForChart {
  dataset: DatasetRow;
  database: DatabaseRow;
  columns: ColumnRow[];
  metrics: MetricRow[];
}

const cache = new IsolateCache<number, DatasetForChart | null>(DATASET_TTL_MS, 500);

/** Frozen, because every request of the isolate shares the same objects. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export function datasetForChart(db: Database, id: number): Promise<DatasetForChart | null> {
  return cache.get(id, async () => {
    const row = await db
      .select({ dataset: datasets, database: databases })
      .from(datasets)
      .innerJoin(databases, eq(databases.id, datasets.database_id))
      .where(eq(datasets.id, id))
      .get();
    if (!row) return null;
    return deepFreeze({ ...row, ...(await columnsAndMetrics(db, id)) });
  });
}

/** After any write to datasets, their columns or metrics, databases, or a dataset's cache generation. */
export function forgetDatasets(): void {
  cache.forget();
}
