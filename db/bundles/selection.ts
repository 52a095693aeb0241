import { and, eq, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboards, databases, datasets, savedQueries } from "../schema";
import { chartScopeWhere } from "../charts/charts";
import { scopeWhere } from "../datasets/datasets";
import { dashboardAccessWhere } from "../dashboards/dashboards";
import type { DatasetScope } from "../../core/datasets/access";
import type { ExportKind, Selection } from "./export";
import { inList } from "../d1-params";

// Which rows an export takes: every asset for /api/v1/assets/export/, or the asked ids the caller may read
// (Superset's base filters: the others are as if absent).

type Table = typeof dashboards | typeof charts | typeof datasets | typeof databases | typeof savedQueries;

/** Every dashboard, chart, dataset, database and saved query. */
export async function allAssets(db: Database): Promise<Selection> {
  const all = async (table: Table) => (await db.select({ id: table.id }).from(table).all()).map((r) => r.id);
  return { dashboards: await all(dashboards), charts: await all(charts), datasets: await all(datasets), databases: await all(databases), savedQueries: await all(savedQueries) };
}

export interface Reader {
  userId: number;
  admin: boolean;
  scope: DatasetScope;
  /** the databases the reader may see, or "all" */
  databaseIds: number[] | "all";
}

/** The asked ids of one kind that the reader may read. */
export async function readableIds(db: Database, kind: Exclude<ExportKind, "assets">, ids: number[], r: Reader): Promise<number[]> {
  const pick = async (table: Table, where: SQL | undefined) =>
    (await db.select({ id: table.id }).from(table).where(and(inList(table.id, ids), where)).all()).map((row) => row.id);
  switch (kind) {
    case "dashboard": return pick(dashboards, dashboardAccessWhere({ userId: r.userId, admin: r.admin, scope: r.scope }));
    case "chart": return pick(charts, chartScopeWhere(r.scope));
    case "dataset": return pick(datasets, scopeWhere(r.scope));
    case "saved_query": return pick(savedQueries, eq(savedQueries.user_id, r.userId));
    case "database": {
      const found = await pick(databases, undefined);
      return found.filter((id) => r.databaseIds === "all" || r.databaseIds.includes(id));
    }
  }
}
