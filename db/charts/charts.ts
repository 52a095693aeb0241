import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { chartOwners, charts, dashboardCharts, dashboards, databases, datasets, favorites, users } from "../schema";
import { orderTerms, whereFor, type ListSpec } from "../lists/list";
import { scopeWhere } from "../datasets/datasets";
import { badRequest } from "../../core/http/errors";
import type { ListArgs, ListFilter } from "../../core/http/list-query";
import type { DatasetScope } from "../../core/datasets/access";
import type { ChartRelations, UserRef } from "../../core/charts/shape";
import { inList } from "../d1-params";
import { commonListFilter, anyContains } from "../lists/common-filters";
import { tagsOfObjects } from "../tags/store";
import { tagFilter } from "../tags/list-filter";

// Reading charts (`slices`) in Superset's shapes. A chart is visible to whoever may read its dataset
// (Superset's ChartFilter); the others answer 404 as if it did not exist.

export type ChartRow = typeof charts.$inferSelect;

/** Charts whose dataset the scope covers (every chart for admins and all_datasource_access). */
const chartTagFilter = tagFilter("chart", "chart", charts.id);

export function chartScopeWhere(scope: DatasetScope): SQL | undefined {
  if (scope.all) return undefined;
  const visible = scopeWhere(scope);
  const onDataset = sql`(${charts.datasource_type} IN ('table', 'dataset') AND ${charts.datasource_id} IN (SELECT ${datasets.id} FROM ${datasets} WHERE ${visible}))`;
  // a guest reads only the charts of its dashboards (apache/superset#26201), not every chart of their datasets
  return scope.guest ? sql`(${onDataset} AND ${scope.guest.chartIds.length ? inList(charts.id, [...scope.guest.chartIds]) : sql`0`})` : onDataset;
}

/** Superset's ChartFilter operators: all-text search, then owners, dashboards, people, favourites, certification. */
function chartFilter(userId: number) {
  const common = commonListFilter({
    id: charts.id,
    links: { owners: { entity: chartOwners.slice_id, other: chartOwners.user_id }, dashboards: { entity: dashboardCharts.slice_id, other: dashboardCharts.dashboard_id } },
    createdBy: charts.created_by_fk, changedBy: charts.changed_by_fk,
    favorite: { opr: "chart_is_favorite", className: "slice", userId },
    certified: { opr: "chart_is_certified", column: charts.certified_by },
  });
  return (f: ListFilter): SQL | undefined => {
    if (f.opr === "chart_all_text") {
      if (typeof f.value !== "string") throw badRequest("Filter chart_all_text needs a text value");
      const dsName = sql`(SELECT table_name FROM tables WHERE tables.id = ${charts.datasource_id})`;
      return anyContains([charts.slice_name, charts.description, dsName], f.value);
    }
    return common(f);
  };
}

export const chartListSpec = (scope: DatasetScope, userId: number): ListSpec => ({
  table: charts,
  columns: {
    id: charts.id, slice_name: charts.slice_name, viz_type: charts.viz_type, datasource_id: charts.datasource_id,
    datasource_type: charts.datasource_type, description: charts.description, changed_on: charts.changed_on,
    changed_on_delta_humanized: charts.changed_on, uuid: charts.uuid, certified_by: charts.certified_by,
  },
  defaultOrder: { column: charts.changed_on, direction: "desc" },
  baseWhere: chartScopeWhere(scope),
  customFilter: (f) => chartTagFilter(f) ?? chartFilter(userId)(f),
});

function orderBy(args: ListArgs, spec: ListSpec): SQL[] {
  return orderTerms(args, {
    ...spec.columns,
    "changed_by.first_name": sql`(SELECT first_name FROM ab_user WHERE ab_user.id = ${charts.changed_by_fk})`,
    datasource_name: sql`(SELECT table_name FROM tables WHERE tables.id = ${charts.datasource_id})`,
    last_saved_at: charts.changed_on,
  }, [desc(charts.changed_on), desc(charts.id)], charts.id);
}

export async function listChartRows(db: Database, args: ListArgs, spec: ListSpec): Promise<{ count: number; rows: ChartRow[] }> {
  const where = whereFor(spec, args.filters);
  const total = await db.select({ n: sql<number>`count(*)` }).from(charts).where(where).get();
  const rows = await db.select().from(charts).where(where).orderBy(...orderBy(args, spec)).limit(args.pageSize).offset(args.page * args.pageSize).all();
  return { count: total?.n ?? 0, rows };
}

/** The chart if it exists and the caller may read its dataset. */
export async function visibleChart(db: Database, id: number, scope: DatasetScope): Promise<ChartRow | undefined> {
  return db.select().from(charts).where(and(eq(charts.id, id), chartScopeWhere(scope))).get();
}

/** Owners, dashboards, editors and datasets of a page of charts: a handful of queries, not one per chart. */
export async function chartRelations(db: Database, rows: ChartRow[]): Promise<ChartRelations> {
  const ids = rows.map((r) => r.id);
  const owners = new Map<number, UserRef[]>();
  const dashboardsOf = new Map<number, { id: number; dashboard_title: string }[]>();
  const people = new Map<number, UserRef>();
  const datasources = new Map<number, { id: number; table_name: string; schema: string | null; database_name: string }>();
  if (!ids.length) return { owners, dashboards: dashboardsOf, people, datasources };
  const personIds = [...new Set(rows.flatMap((r) => [r.changed_by_fk, r.created_by_fk]).filter((v): v is number => typeof v === "number"))];
  const dsIds = [...new Set(rows.map((r) => r.datasource_id).filter((v): v is number => typeof v === "number"))];
  const [ownerRows, dashRows, personRows, dsRows, tags] = await Promise.all([
    db.select({ slice_id: chartOwners.slice_id, id: users.id, first_name: users.first_name, last_name: users.last_name })
      .from(chartOwners).innerJoin(users, eq(users.id, chartOwners.user_id)).where(inList(chartOwners.slice_id, ids)).all(),
    db.select({ slice_id: dashboardCharts.slice_id, id: dashboards.id, dashboard_title: dashboards.dashboard_title })
      .from(dashboardCharts).innerJoin(dashboards, eq(dashboards.id, dashboardCharts.dashboard_id)).where(inList(dashboardCharts.slice_id, ids)).all(),
    personIds.length ? db.select({ id: users.id, first_name: users.first_name, last_name: users.last_name }).from(users).where(inList(users.id, personIds)).all() : [],
    dsIds.length
      ? db.select({ id: datasets.id, table_name: datasets.table_name, schema: datasets.schema, database_name: databases.database_name })
          .from(datasets).innerJoin(databases, eq(databases.id, datasets.database_id)).where(inList(datasets.id, dsIds)).all()
      : [],
    tagsOfObjects(db, "chart", ids),
  ]);
  for (const { slice_id, ...u } of ownerRows) (owners.get(slice_id) ?? owners.set(slice_id, []).get(slice_id)!).push(u);
  for (const { slice_id, ...d } of dashRows) (dashboardsOf.get(slice_id) ?? dashboardsOf.set(slice_id, []).get(slice_id)!).push(d);
  for (const p of personRows) people.set(p.id, p);
  for (const d of dsRows) datasources.set(d.id, d);
  return { owners, dashboards: dashboardsOf, people, datasources, tags };
}

export async function chartOwnerIds(db: Database, chartId: number): Promise<number[]> {
  return (await db.select({ id: chartOwners.user_id }).from(chartOwners).where(eq(chartOwners.slice_id, chartId)).all()).map((r) => r.id);
}

export async function favoriteChartIds(db: Database, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ obj_id: favorites.obj_id }).from(favorites)
    .where(and(eq(favorites.user_id, userId), eq(favorites.class_name, "slice"), inList(favorites.obj_id, ids))).all();
  return new Set(rows.map((r) => r.obj_id));
}

/** The charts of a dataset that the scope lets the caller read. */
export async function chartsOfDataset(db: Database, datasetId: number, scope: DatasetScope): Promise<ChartRow[]> {
  return db.select().from(charts).where(and(eq(charts.datasource_id, datasetId), chartScopeWhere(scope))).all();
}
