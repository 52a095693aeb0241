import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { reportExecutionLogs } from "../schema";
import { listPage, type ListSpec } from "../lists/list";
import type { ListArgs } from "../../core/http/list-query";

// A report's execution log as Superset's ReportExecutionLogRestApi lists it (newest scheduled run first).

export type LogRow = typeof reportExecutionLogs.$inferSelect;
const L = reportExecutionLogs;

const logSpec = (reportId: number): ListSpec => ({
  table: L,
  columns: {
    state: L.state, value: L.value, error_message: L.error_message, end_dttm: L.end_dttm,
    start_dttm: L.start_dttm, scheduled_dttm: L.scheduled_dttm,
  },
  defaultOrder: { column: L.scheduled_dttm, direction: "desc" },
  baseWhere: eq(L.report_schedule_id, reportId),
});

export function reportLogPage(db: Database, reportId: number, args: ListArgs): Promise<{ count: number; rows: LogRow[] }> {
  return listPage<LogRow>(db, logSpec(reportId), args);
}

export function reportLog(db: Database, reportId: number, logId: number): Promise<LogRow | undefined> {
  return db.select().from(L).where(and(eq(L.report_schedule_id, reportId), eq(L.id, logId))).get();
}
