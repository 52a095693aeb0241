import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { parsePathId } from "../../../core/http/path-id";
import { parseListUrlState } from "../../../core/lists/list-url-state";
import { requirePermission } from "../../auth.server";
import { ReportLogPage } from "../../features/reports/ReportLogPage";
import { loadReportLog } from "../../features/reports/report-log.server";
import { REPORT_LOG_LIST } from "../../features/reports/list-config";

export const meta: MetaFunction = () => [{ title: "Execution log · Edge Superset" }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "ReportSchedule"]);
  return loadReportLog(context, principal, parsePathId(params.reportId), parseListUrlState(new URL(request.url).searchParams, REPORT_LOG_LIST));
}

export default ReportLogPage;
