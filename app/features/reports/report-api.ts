import { apiCall } from "../../components/api-call";
import { risonParam } from "../../components/list-view/options";
import type { StoredReport } from "../../../core/reports/form";

// The browser's calls to /api/v1/report/ (Superset's ReportScheduleRestApi), shared by the Alerts & Reports
// pages, Explore's and the dashboard's "email report" menus.

export const getReport = (id: number) => apiCall<{ result: StoredReport & { id: number } }>("GET", `/api/v1/report/${id}`, null);
export const createReport = (body: unknown, csrf: string | null) => apiCall<{ id: number }>("POST", "/api/v1/report/", csrf, body);
export const updateReport = (id: number, body: unknown, csrf: string | null) => apiCall<{ id: number }>("PUT", `/api/v1/report/${id}`, csrf, body);
export const deleteReport = (id: number, csrf: string | null) => apiCall("DELETE", `/api/v1/report/${id}`, csrf);
export const deleteReports = (ids: number[], csrf: string | null) => apiCall<{ message: string }>("DELETE", `/api/v1/report/?q=${risonParam(ids)}`, csrf);

/** The report made from this chart or dashboard's own menu (Superset keeps one per creation method), if any. */
export async function attachedReport(kind: "chart" | "dashboard", id: number): Promise<{ id: number; name: string; active: boolean } | null> {
  const q = {
    filters: [{ col: kind === "chart" ? "chart_id" : "dashboard_id", opr: "eq", value: id }, { col: "creation_method", opr: "eq", value: kind === "chart" ? "charts" : "dashboards" }],
    page_size: 1,
  };
  const res = await apiCall<{ result: { id: number; name: string; active: boolean }[] }>("GET", `/api/v1/report/?q=${risonParam(q)}`, null);
  return res.ok ? (res.body.result[0] ?? null) : null;
}
