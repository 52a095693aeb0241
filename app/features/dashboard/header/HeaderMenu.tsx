import { lazy, Suspense, useState } from "react";
import { ActionIcon, Menu } from "@mantine/core";
import { useTranslation } from "../../../i18n/react";
import { showToast } from "../../../components/toast-store";
import { downloadAsImage } from "../../charts/image";
import { useEmailReport } from "../../reports/EmailReportMenu";
import { useDashboardView } from "../view-context";
import { sharePermalink } from "../share/permalink";

// the dialogs load when opened: the view route ships none of them (P3's budget)
const AutoRefreshModal = lazy(() => import("./AutoRefreshModal").then((m) => ({ default: m.AutoRefreshModal })));
const CssModal = lazy(() => import("./CssModal").then((m) => ({ default: m.CssModal })));
const PropertiesModal = lazy(() => import("./PropertiesModal").then((m) => ({ default: m.PropertiesModal })));
const SaveAsModal = lazy(() => import("./SaveAsModal").then((m) => ({ default: m.SaveAsModal })));
const EmbedModal = lazy(() => import("./EmbedModal").then((m) => ({ default: m.EmbedModal })));
const HistoryModal = lazy(() => import("../../history/HistoryModal").then((m) => ({ default: m.HistoryModal })));

// The "⋯" menu of the dashboard header in view mode, as Superset's HeaderActionsDropdown: refresh, the
// auto-refresh interval, edit properties and CSS (owners and admins), save as (anyone who may write
// dashboards), share a permalink of the viewer's state (copy or email), download as image or PDF, and the email
// report entries (users who may write reports); "Embed dashboard" for owners and admins who may set embedding;
// "History" (issue 34) for anyone who sees the dashboard, its Restore for owners and admins.

export interface HeaderMenuProps {
  dashboard: { id: number; title: string; css: string; lastModifiedTime?: number };
  metadata: Record<string, unknown>;
  canEdit: boolean;
  canSaveAs: boolean;
  /** may manage the dashboard's embedding (Superset's "manage embedded": owners and admins with can_set_embedded) */
  canEmbed?: boolean;
  /** may write reports: the email report entries are offered */
  canWriteReport?: boolean;
  csrfToken: string | null;
  interval: number;
  onRefresh: () => void;
  onInterval: (seconds: number) => void;
  onCssPreview: (css: string | null) => void;
  /** after a save; `path` is the dashboard's address after it (a changed slug moves it) */
  onSaved: (path?: string) => void;
  imageOf: () => HTMLElement | null;
}

type Dialog = "refresh" | "properties" | "css" | "save-as" | "embed" | "history" | null;

export function HeaderMenu(p: HeaderMenuProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const email = useEmailReport({ kind: "dashboard", id: p.dashboard.id, name: p.dashboard.title }, Boolean(p.canWriteReport), p.csrfToken);
  const close = () => setDialog(null);
  const saved = (path?: string) => {
    setDialog(null);
    p.onCssPreview(null);
    p.onSaved(path);
  };
  const { share: shareOf } = useDashboardView();
  const share = (how: "copy" | "email") => shareOf &&
    void sharePermalink(how, shareOf.dashboardId, p.csrfToken, shareOf.state(), t("Superset dashboard: {{name}}", { name: p.dashboard.title }), t("Check out this dashboard: "));
  const image = async (as: "image" | "pdf") => {
    const el = p.imageOf();
    // the PDF maker (jsPDF) loads only when asked for: the view route stays within its size budget
    const draw = as === "pdf" ? (await import("../../charts/pdf")).downloadAsPdf : downloadAsImage;
    const failure = el ? await draw(el, p.dashboard.title) : t("The dashboard is not on the page");
    if (failure) showToast("danger", t("Sorry, something went wrong. Try again later. {{reason}}", { reason: failure }));
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" aria-label={t("Dashboard menu")} data-testid="dashboard-menu" data-image-ignore>⋯</ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={p.onRefresh} data-testid="dashboard-refresh">{t("Refresh dashboard")}</Menu.Item>
          <Menu.Item onClick={() => setDialog("refresh")} data-testid="dashboard-auto-refresh">{t("Set auto-refresh interval")}</Menu.Item>
          {(p.canEdit || p.canSaveAs) && <Menu.Divider />}
          {p.canEdit && <Menu.Item onClick={() => setDialog("properties")} data-testid="dashboard-edit-properties">{t("Edit properties")}</Menu.Item>}
          {p.canEdit && <Menu.Item onClick={() => setDialog("css")} data-testid="dashboard-edit-css">{t("Edit CSS")}</Menu.Item>}
          {p.canSaveAs && <Menu.Item onClick={() => setDialog("save-as")} data-testid="dashboard-save-as">{t("Save as")}</Menu.Item>}
          {p.canEmbed && <Menu.Item onClick={() => setDialog("embed")} data-testid="dashboard-embed">{t("Embed dashboard")}</Menu.Item>}
          <Menu.Item onClick={() => setDialog("history")} data-testid="dashboard-history">{t("History")}</Menu.Item>
          <Menu.Divider />
          {shareOf && <Menu.Label>{t("Share")}</Menu.Label>}
          {shareOf && <Menu.Item onClick={() => share("copy")} data-testid="dashboard-copy-permalink">{t("Copy permalink to clipboard")}</Menu.Item>}
          {shareOf && <Menu.Item onClick={() => share("email")} data-testid="dashboard-email-permalink">{t("Share permalink by email")}</Menu.Item>}
          {shareOf && <Menu.Divider />}
          <Menu.Label>{t("Download")}</Menu.Label>
          <Menu.Item onClick={() => void image("image")} data-testid="dashboard-download-image">{t("Download as image")}</Menu.Item>
          <Menu.Item onClick={() => void image("pdf")} data-testid="dashboard-download-pdf">{t("Export to PDF")}</Menu.Item>
          {email.items && <Menu.Divider />}
          {email.items}
        </Menu.Dropdown>
      </Menu>
      {email.dialogs}
      {/* only while a dialog is open (an empty boundary in the server's HTML hydrates late: React error 421) */}
      {dialog && <Suspense fallback={null}>
      {dialog === "refresh" && <AutoRefreshModal current={p.interval} onClose={close} onApply={(s) => {
        p.onInterval(s);
        close();
      }} />}
      {dialog === "properties" && <PropertiesModal dashboardId={p.dashboard.id} lastModifiedTime={p.dashboard.lastModifiedTime} csrfToken={p.csrfToken} onClose={close} onSaved={saved} />}
      {dialog === "css" && <CssModal dashboardId={p.dashboard.id} css={p.dashboard.css} lastModifiedTime={p.dashboard.lastModifiedTime} csrfToken={p.csrfToken}
        onPreview={p.onCssPreview} onClose={close} onSaved={() => saved()} />}
      {dialog === "history" && <HistoryModal type="dashboard" id={p.dashboard.id} canRestore={p.canEdit} csrfToken={p.csrfToken} onClose={close} onRestored={() => saved()} />}
      {dialog === "embed" && <EmbedModal dashboardId={p.dashboard.id} csrfToken={p.csrfToken} onClose={close} />}
      {dialog === "save-as" && <SaveAsModal dashboardId={p.dashboard.id} title={p.dashboard.title} css={p.dashboard.css} metadata={p.metadata} csrfToken={p.csrfToken} onClose={close} />}
      </Suspense>}
    </>
  );
}
