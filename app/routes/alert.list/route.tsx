import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { parseListUrlState } from "../../../core/lists/list-url-state";
import { requirePermission } from "../../auth.server";
import { AlertReportList } from "../../features/reports/AlertReportList";
import { REPORT_LIST } from "../../features/reports/list-config";
import { loadReportsPage } from "../../features/reports/reports.server";

export const meta: MetaFunction = () => [{ title: "Alerts · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "ReportSchedule"]);
  return loadReportsPage(context, principal, parseListUrlState(new URL(request.url).searchParams, REPORT_LIST), "Alert");
}

export default function AlertsList() {
  return <AlertReportList type="Alert" />;
}
