import type { SerializeFrom } from "@remix-run/cloudflare";
import type { loadReportsPage } from "./reports.server";

export type ReportRowData = SerializeFrom<Awaited<ReturnType<typeof loadReportsPage>>["reports"][number]>;

/** What a row's actions do; the page owns the dialogs and the calls. */
export interface ReportRowActions {
  onToggleActive: (report: ReportRowData) => void;
  onEdit: (report: ReportRowData) => void;
  onDelete: (report: ReportRowData) => void;
}

/** Superset's execution-log address of a report or alert. */
export const logUrl = (r: { id: number; type: string }) => `/${r.type === "Alert" ? "alert" : "report"}/${r.id}/log/`;
