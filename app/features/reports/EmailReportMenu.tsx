import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Menu } from "@mantine/core";
import { showToast } from "../../components/toast-store";
import { ConfirmDeleteModal } from "../../components/list-view/ConfirmDeleteModal";
import { attachedReport, deleteReport, updateReport } from "./report-api";

// the editor loads when first opened: the chart and dashboard pages ship none of it
const ReportModal = lazy(() => import("./editor/ReportModal").then((m) => ({ default: m.ReportModal })));

// Superset's "email report" entries of Explore's chart header and the dashboard header menu: "Set up an email
// report" (Explore: "Schedule email report") when this chart or dashboard has none yet, else "Manage email
// reports" with edit, active on/off and delete. Offered only to users who may write reports.

export interface EmailReportTarget {
  kind: "chart" | "dashboard";
  id: number;
  name: string;
}

export function useEmailReport(target: EmailReportTarget | null, canWrite: boolean, csrfToken: string | null) {
  const [report, setReport] = useState<{ id: number; name: string; active: boolean } | null>(null);
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const key = target ? `${target.kind}:${target.id}` : null;
  const refresh = useCallback(() => {
    if (!target || !canWrite) return;
    void attachedReport(target.kind, target.id).then(setReport);
  }, [key, canWrite]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(refresh, [refresh]);

  if (!target || !canWrite) return { items: null, dialogs: null };
  const setUp = target.kind === "chart" ? "Schedule email report" : "Set up an email report";
  const toggle = async () => {
    if (!report) return;
    const res = await updateReport(report.id, { active: !report.active }, csrfToken);
    if (!res.ok) showToast("danger", `The report could not be changed: ${res.message}`);
    refresh();
  };
  const remove = async () => {
    if (!report) return null;
    const res = await deleteReport(report.id, csrfToken);
    if (!res.ok) return `There was an issue deleting ${report.name}: ${res.message}`;
    setDialog(null);
    setReport(null);
    showToast("success", `Deleted: ${report.name}`);
    return null;
  };
  const items = report ? (
    <>
      <Menu.Label>Manage email reports</Menu.Label>
      <Menu.Item onClick={() => void toggle()} data-testid="email-report-active">{report.active ? "✓ Email reports active" : "Email reports inactive: activate"}</Menu.Item>
      <Menu.Item onClick={() => setDialog("edit")} data-testid="email-report-edit">Edit email report</Menu.Item>
      <Menu.Item color="red" onClick={() => setDialog("delete")} data-testid="email-report-delete">Delete email report</Menu.Item>
    </>
  ) : (
    <Menu.Item onClick={() => setDialog("edit")} data-testid="email-report-setup">{setUp}</Menu.Item>
  );
  const dialogs = (
    <>
      {dialog === "edit" && (
        <Suspense fallback={null}>
          <ReportModal reportId={report?.id ?? null} type="Report" csrfToken={csrfToken} onClose={() => setDialog(null)}
            initial={{
              name: target.name, contentType: target.kind, creationMethod: target.kind === "chart" ? "charts" : "dashboards",
              ...(target.kind === "chart" ? { chart: target.id } : { dashboard: target.id }),
            }}
            onSaved={(_id, name) => {
              setDialog(null);
              showToast("success", `${report ? "Updated" : "Created"}: ${name}`);
              refresh();
            }} />
        </Suspense>
      )}
      {dialog === "delete" && report && (
        <ConfirmDeleteModal title="Delete email report" onClose={() => setDialog(null)} onConfirm={remove}
          description={<>This action will permanently delete <b>{report.name}</b>.</>} />
      )}
    </>
  );
  return { items, dialogs };
}
