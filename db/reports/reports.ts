import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { charts, dashboards, databases, reportOwners, reportRecipients, reportSchedules, users } from "../schema";
import { whereFor, type ListSpec } from "../lists/list";
import { badRequest } from "../../core/http/errors";
import type { ListArgs, ListFilter } from "../../core/http/list-query";
import type { ReportRelations } from "../../core/reports/shape";
import { inList } from "../d1-params";
import { commonListFilter, anyContains, truthy } from "../lists/common-filters";

// Reading report schedules: who sees which (Superset's ReportScheduleFilter), list filters and order, and the
// relations of a page of reports loaded in bulk.

export type ReportRow = typeof reportSchedules.$inferSelect;

/** Superset's ReportScheduleFilter: all reports for those with all data access, else those one owns or created. */
export function reportScopeWhere(userId: number, all: boolean): SQL | undefined {
  if (all) return undefined;
  return or(
    eq(reportSchedules.created_by_fk, userId),
    sql`${reportSchedules.id} IN (SELECT report_schedule_id FROM report_schedule_user WHERE user_id = ${userId})`,
  );
}

const reportCommonFilter = commonListFilter({
  id: reportSchedules.id,
  links: { owners: { entity: reportOwners.report_schedule_id, other: reportOwners.user_id } },
  createdBy: reportSchedules.created_by_fk, changedBy: reportSchedules.changed_by_fk,
});

function reportFilter(f: ListFilter): SQL | undefined {
  if (f.opr === "report_all_text") {
    // Superset's ReportScheduleAllTextFilter: name, description or SQL contains the text
    if (typeof f.value !== "string") throw badRequest("Filter report_all_text needs a text value");
    return anyContains([reportSchedules.name, reportSchedules.description, reportSchedules.sql], f.value);
  }
  if (f.col === "active" && ["eq", "neq"].includes(f.opr)) {
    const on = truthy(f.value);
    return eq(reportSchedules.active, f.opr === "eq" ? on : !on);
  }
  return reportCommonFilter(f);
}

export const reportListSpec = (userId: number, all: boolean): ListSpec => ({
  table: reportSchedules,
  columns: {
    id: reportSchedules.id, name: reportSchedules.name, type: reportSchedules.type, last_state: reportSchedules.last_state,
    creation_method: reportSchedules.creation_method, dashboard_id: reportSchedules.dashboard_id, chart_id: reportSchedules.chart_id,
    description: reportSchedules.description, crontab: reportSchedules.crontab, crontab_humanized: reportSchedules.crontab,
    changed_on: reportSchedules.changed_on, changed_on_delta_humanized: reportSchedules.changed_on,
    created_on: reportSchedules.created_on, last_eval_dttm: reportSchedules.last_eval_dttm,
  },
  defaultOrder: { column: reportSchedules.name, direction: "asc" },
  baseWhere: reportScopeWhere(userId, all),
  customFilter: reportFilter,
});

function orderBy(args: ListArgs, spec: ListSpec): SQL[] {
  const dir = args.orderDirection === "asc" ? asc : desc;
  const extra: Record<string, SQL | SQLiteColumn> = {
    active: reportSchedules.active,
    "changed_by.first_name": sql`(SELECT first_name FROM ab_user WHERE ab_user.id = ${reportSchedules.changed_by_fk})`,
    "created_by.first_name": sql`(SELECT first_name FROM ab_user WHERE ab_user.id = ${reportSchedules.created_by_fk})`,
  };
  if (!args.orderColumn) return [asc(reportSchedules.name), asc(reportSchedules.id)];
  const column = Object.hasOwn(extra, args.orderColumn) ? extra[args.orderColumn]
    : Object.hasOwn(spec.columns, args.orderColumn) && !["id", "last_state", "creation_method", "dashboard_id", "chart_id"].includes(args.orderColumn)
      ? spec.columns[args.orderColumn] : undefined;
  if (!column) throw badRequest(`Order column not allowed: ${args.orderColumn}`);
  return [dir(column), dir(reportSchedules.id)];
}

export async function listReportRows(db: Database, args: ListArgs, spec: ListSpec): Promise<{ count: number; rows: ReportRow[] }> {
  const where = whereFor(spec, args.filters);
  const total = await db.select({ n: sql<number>`count(*)` }).from(reportSchedules).where(where).get();
  const rows = await db.select().from(reportSchedules).where(where).orderBy(...orderBy(args, spec))
    .limit(args.pageSize).offset(args.page * args.pageSize).all();
  return { count: total?.n ?? 0, rows };
}

export async function visibleReport(db: Database, id: number, userId: number, all: boolean): Promise<ReportRow | undefined> {
  return db.select().from(reportSchedules).where(and(eq(reportSchedules.id, id), reportScopeWhere(userId, all))).get();
}

export async function reportOwnerIds(db: Database, id: number): Promise<number[]> {
  const rows = await db.select({ id: reportOwners.user_id }).from(reportOwners).where(eq(reportOwners.report_schedule_id, id)).all();
  return rows.map((r) => r.id);
}

/** Owners, recipients, people, and the chart/dashboard/database names of a page of reports: a few queries in all. */
export async function reportRelations(db: Database, rows: ReportRow[]): Promise<ReportRelations> {
  const ids = rows.map((r) => r.id);
  const uniq = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null))];
  const ownerRows = ids.length ? await db.select({ report: reportOwners.report_schedule_id, id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(reportOwners).innerJoin(users, eq(users.id, reportOwners.user_id)).where(inList(reportOwners.report_schedule_id, ids)).orderBy(asc(users.id)).all() : [];
  const recipientRows = ids.length ? await db.select().from(reportRecipients).where(inList(reportRecipients.report_schedule_id, ids)).orderBy(asc(reportRecipients.id)).all() : [];
  const peopleIds = uniq(rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]));
  const people = peopleIds.length ? await db.select({ id: users.id, first_name: users.first_name, last_name: users.last_name }).from(users).where(inList(users.id, peopleIds)).all() : [];
  const chartIds = uniq(rows.map((r) => r.chart_id));
  const dashboardIds = uniq(rows.map((r) => r.dashboard_id));
  const databaseIds = uniq(rows.map((r) => r.database_id));
  const chartRows = chartIds.length ? await db.select({ id: charts.id, slice_name: charts.slice_name, viz_type: charts.viz_type }).from(charts).where(inList(charts.id, chartIds)).all() : [];
  const dashboardRows = dashboardIds.length ? await db.select({ id: dashboards.id, dashboard_title: dashboards.dashboard_title }).from(dashboards).where(inList(dashboards.id, dashboardIds)).all() : [];
  const databaseRows = databaseIds.length ? await db.select({ id: databases.id, database_name: databases.database_name }).from(databases).where(inList(databases.id, databaseIds)).all() : [];
  const owners = new Map<number, { id: number; first_name: string; last_name: string }[]>();
  for (const o of ownerRows) owners.set(o.report, [...(owners.get(o.report) ?? []), { id: o.id, first_name: o.first_name, last_name: o.last_name }]);
  const recipients = new Map<number, (typeof recipientRows)[number][]>();
  for (const r of recipientRows) recipients.set(r.report_schedule_id, [...(recipients.get(r.report_schedule_id) ?? []), r]);
  return {
    owners, recipients,
    people: new Map(people.map((p) => [p.id, p])),
    charts: new Map(chartRows.map((c) => [c.id, { ...c, slice_name: c.slice_name ?? "", viz_type: c.viz_type ?? "" }])),
    dashboards: new Map(dashboardRows.map((d) => [d.id, { ...d, dashboard_title: d.dashboard_title ?? "" }])),
    databases: new Map(databaseRows.map((d) => [d.id, d])),
  };
}
