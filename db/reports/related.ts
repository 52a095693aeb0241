import { and, asc, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { charts, dashboards } from "../schema";
import type { RelatedArgs } from "../../core/http/fab";
import type { RelatedAnswer } from "../lists/related";

// related/chart and related/dashboard of the report API: what a report may show, within what the caller may see
// (Superset's filter_rel_fields: ChartFilter and DashboardAccessFilter), matched on the name.

const contains = (column: SQL | SQLiteColumn, text: string) =>
  sql`lower(${column}) LIKE lower(${`%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}) ESCAPE '\\'`;

export async function relatedCharts(db: Database, visible: SQL | undefined, args: RelatedArgs): Promise<RelatedAnswer> {
  const where = and(visible, args.filter ? contains(charts.slice_name, args.filter) : undefined);
  const total = await db.select({ n: sql<number>`count(*)` }).from(charts).where(where).get();
  const rows = await db.select({ id: charts.id, name: charts.slice_name, viz: charts.viz_type }).from(charts).where(where)
    .orderBy(asc(charts.slice_name), asc(charts.id)).limit(args.pageSize).offset(args.page * args.pageSize).all();
  return { count: total?.n ?? 0, result: rows.map((r) => ({ value: r.id, text: r.name ?? "", extra: { viz_type: r.viz } })) };
}

export async function relatedDashboards(db: Database, visible: SQL | undefined, args: RelatedArgs): Promise<RelatedAnswer> {
  const where = and(visible, args.filter ? contains(dashboards.dashboard_title, args.filter) : undefined);
  const total = await db.select({ n: sql<number>`count(*)` }).from(dashboards).where(where).get();
  const rows = await db.select({ id: dashboards.id, title: dashboards.dashboard_title }).from(dashboards).where(where)
    .orderBy(asc(dashboards.dashboard_title), asc(dashboards.id)).limit(args.pageSize).offset(args.page * args.pageSize).all();
  return { count: total?.n ?? 0, result: rows.map((r) => ({ value: r.id, text: r.title ?? "" })) };
}
