import type { AppLoadContext } from "@remix-run/cloudflare";
import { visibleReport } from "../../../db/reports/reports";
import { reportLogPage } from "../../../db/reports/logs";
import { logItem } from "../../../core/reports/shape";
import { datasetScope } from "../../../core/datasets/access";
import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { REPORT_LOG_LIST } from "./list-config";
import type { Principal } from "../../../core/security/permissions";

// One report's execution log page, read through the same query as GET /api/v1/report/{pk}/log/.

export async function loadReportLog(context: AppLoadContext, principal: Principal, reportId: number | null, state: ListUrlState) {
  const report = reportId !== null ? await visibleReport(context.db, reportId, principal.id, datasetScope(principal).all) : undefined;
  if (!report) throw new Response("Report Schedule not found.", { status: 404 });
  const { count, rows } = await reportLogPage(context.db, report.id, parseListArgs(listQuery(state, REPORT_LOG_LIST)));
  return { report: { id: report.id, name: report.name, type: report.type, active: report.active }, count, logs: rows.map(logItem), pageSize: REPORT_LOG_LIST.pageSize };
}
