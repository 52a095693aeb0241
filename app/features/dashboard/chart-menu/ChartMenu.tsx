import { lazy, Suspense, useState } from "react";
import { ActionIcon, Menu } from "@mantine/core";
import type { FormData } from "../../../../core/charts/contract";
import { showToast } from "../../../components/toast-store";
import { useDashboardView } from "../view-context";
import { sharePermalink } from "../share/permalink";
import { downloadChartData } from "../../charts/chart-data-requests";
import { downloadAsImage } from "../../charts/image";
import { useTranslation } from "../../../i18n/react";

// the dialogs load when opened: the view route ships neither (P3's budget)
const ViewQueryModal = lazy(() => import("../../charts/ViewQueryModal").then((m) => ({ default: m.ViewQueryModal })));
const ResultsModal = lazy(() => import("./ResultsModal").then((m) => ({ default: m.ResultsModal })));
const CrossFilterScopingModal = lazy(() => import("./CrossFilterScopingModal").then((m) => ({ default: m.CrossFilterScopingModal })));

// The "⋮" menu of a dashboard chart, as Superset's SliceHeaderControls: force refresh, full size, the chart's
// description, edit in Explore, view query, view as table, drill to detail, share a permalink of the dashboard's state
// anchored on this chart, and downloads (CSV, Excel, full CSV/Excel for tables, image).

/** Chart types whose "full" export lifts the row limit (Superset offers it for tables). */
const FULL_EXPORT_TYPES = new Set(["table", "pivot_table_v2"]);

export interface ChartMenuProps {
  chartId: number;
  /** the chart's component id in the layout: a shared permalink opens scrolled to it */
  layoutId: string;
  title: string;
  sliceUrl: string;
  formData: FormData;
  csrfToken: string | null;
  hasDescription: boolean;
  fullSize: boolean;
  /** the chart's box, drawn for "Download as image" */
  imageOf: () => HTMLElement | null;
  /** the chart emits cross-filters (cross-filters on, its type has them): editors get "Cross-filtering scoping" */
  canScopeCrossFilters: boolean;
  onForceRefresh: () => void;
  /** opens Drill to detail (the chart's rows, under its filters) */
  onDrillToDetail: () => void;
  onToggleFullSize: () => void;
  onToggleDescription: () => void;
}

export function ChartMenu(p: ChartMenuProps) {
  const [modal, setModal] = useState<"query" | "results" | "scoping" | null>(null);
  const { t } = useTranslation();
  const download = async (format: "csv" | "xlsx", full = false, pivoted = false) => {
    const failure = await downloadChartData(p.formData, format, p.csrfToken, p.title, full, pivoted);
    if (failure) showToast("danger", t("The data could not be downloaded: {{failure}}", { failure }));
  };
  const image = async () => {
    const el = p.imageOf();
    const failure = el ? await downloadAsImage(el, p.title) : t("The chart is not on the page");
    if (failure) showToast("danger", t("Sorry, something went wrong. Try again later. {{reason}}", { reason: failure }));
  };
  const { share: shareOf, dashboard, embedded, canExportData = true } = useDashboardView();
  const share = (how: "copy" | "email") => shareOf &&
    void sharePermalink(how, shareOf.dashboardId, p.csrfToken, { ...shareOf.state(), anchor: p.layoutId }, t("Superset Chart: {{name}}", { name: p.title }), t("Check out this chart: "));
  const full = FULL_EXPORT_TYPES.has(String(p.formData.viz_type));
  const [armed, setArmed] = useState(false);
  const trigger = (closed?: object) => (
    <ActionIcon variant="subtle" color="gray" aria-label={t("More options for {{name}}", { name: p.title })} data-testid="chart-menu" data-image-ignore {...closed}>⋮</ActionIcon>
  );
  return (
    <>
      {/* Mantine's Menu (a popover, its floating position, focus trap and refs) mounts on the first click: a
          dashboard has one menu per chart and each chart box renders several times while it loads, which made
          the 24 unopened menus a visible share of the page's main-thread time (bench/dashboard-profile.mjs) */}
      {armed ? (
        <Menu position="bottom-end" withinPortal defaultOpened>
          <Menu.Target>{trigger()}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={p.onForceRefresh} data-testid="chart-force-refresh">{t("Force refresh")}</Menu.Item>
            <Menu.Item onClick={p.onToggleFullSize} data-testid="chart-full-size">{p.fullSize ? t("Exit fullscreen") : t("Enter fullscreen")}</Menu.Item>
            {p.hasDescription && <Menu.Item onClick={p.onToggleDescription} data-testid="chart-toggle-description">{t("Toggle chart description")}</Menu.Item>}
            <Menu.Divider />
            {!embedded && <Menu.Item component="a" href={p.sliceUrl} data-testid="chart-open-explore">{t("Edit chart")}</Menu.Item>}
            <Menu.Item onClick={() => setModal("query")} data-testid="chart-view-query">{t("View query")}</Menu.Item>
            <Menu.Item onClick={() => setModal("results")} data-testid="chart-view-results">{t("View as table")}</Menu.Item>
            {p.canScopeCrossFilters && dashboard?.canEdit && <Menu.Item onClick={() => setModal("scoping")} data-testid="chart-cross-filter-scoping">{t("Cross-filtering scoping")}</Menu.Item>}
            <Menu.Item onClick={p.onDrillToDetail} data-testid="chart-drill-detail">{t("Drill to detail")}</Menu.Item>
            {shareOf && <Menu.Divider />}
            {shareOf && <Menu.Label>{t("Share")}</Menu.Label>}
            {shareOf && <Menu.Item onClick={() => share("copy")} data-testid="chart-copy-link">{t("Copy permalink to clipboard")}</Menu.Item>}
            {shareOf && <Menu.Item onClick={() => share("email")} data-testid="chart-email-link">{t("Share chart by email")}</Menu.Item>}
            <Menu.Divider />
            <Menu.Label>{t("Download")}</Menu.Label>
            {/* data files need can_csv (Superset's canExportData); the image is drawn in the browser from what is shown */}
            {canExportData && <>
              <Menu.Item onClick={() => void download("csv")} data-testid="chart-export-csv">{t("Export to .CSV")}</Menu.Item>
              <Menu.Item onClick={() => void download("xlsx")} data-testid="chart-export-xlsx">{t("Export to Excel")}</Menu.Item>
              {p.formData.viz_type === "pivot_table_v2" && <Menu.Item onClick={() => void download("csv", false, true)} data-testid="chart-export-pivoted-csv">{t("Export to pivoted .CSV")}</Menu.Item>}
              {full && <Menu.Item onClick={() => void download("csv", true)} data-testid="chart-export-full-csv">{t("Export to full .CSV")}</Menu.Item>}
              {full && <Menu.Item onClick={() => void download("xlsx", true)} data-testid="chart-export-full-xlsx">{t("Export to full Excel")}</Menu.Item>}
            </>}
            <Menu.Item onClick={() => void image()} data-testid="chart-download-image">{t("Download as image")}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : trigger({ "aria-haspopup": "menu", "aria-expanded": false, onClick: () => setArmed(true) })}
      {/* only while a dialog is open: an empty boundary in the server's HTML hydrates late, and the chart's first
          updates then made React throw its server HTML away (error 421) for every chart of the dashboard */}
      {modal && <Suspense fallback={null}>
        {modal === "query" && <ViewQueryModal formData={p.formData} csrfToken={p.csrfToken} onClose={() => setModal(null)} />}
        {modal === "scoping" && dashboard && <CrossFilterScopingModal dashboardId={dashboard.id} chartId={p.chartId} title={p.title} csrfToken={p.csrfToken} onClose={() => setModal(null)} />}
        {modal === "results" && <ResultsModal title={p.title} formData={p.formData} csrfToken={p.csrfToken} onClose={() => setModal(null)} />}
      </Suspense>}
    </>
  );
}
