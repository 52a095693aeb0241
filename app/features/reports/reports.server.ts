import type { AppLoadContext } from "@remix-run/cloudflare";
import { listReportRows, reportListSpec, reportRelations } from "../../../db/reports/reports";
import { reportListItem } from "../../../core/reports/shape";
import { datasetScope } from "../../../core/datasets/access";
import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { can, isAdmin, type Principal } from "../../../core/security/permissions";
import type { ReportKind } from "../../../core/reports/form";
import { REPORT_LIST } from "./list-config";

// The Alerts and Reports pages read through the same query as GET /api/v1/report/, with the page's type fixed.

export async function loadReportsPage(context: AppLoadContext, principal: Principal, state: ListUrlState, type: ReportKind) {
  const args = parseListArgs(listQuery(state, REPORT_LIST));
  args.filters.push({ col: "type", opr: "eq", value: type });
  const { count, rows } = await listReportRows(context.db, args, reportListSpec(principal.id, datasetScope(principal).all));
  const rel = await reportRelations(context.db, rows);
  const mayWrite = can(principal, "can_write", "ReportSchedule");
  const reports = rows.map((r) => {
    const item = reportListItem(r, rel);
    return {
      id: item.id, name: item.name, type: item.type, active: item.active, last_state: item.last_state, last_eval_dttm: item.last_eval_dttm,
      crontab: item.crontab, crontab_humanized: item.crontab_humanized, timezone: item.timezone, owners: item.owners,
      created_by: item.created_by, changed_on_delta_humanized: item.changed_on_delta_humanized, recipients: item.recipients,
      canEdit: mayWrite && (isAdmin(principal) || item.owners.some((o) => o.id === principal.id)),
    };
  });
  return { count, reports, pageSize: REPORT_LIST.pageSize, mayWrite };
}
