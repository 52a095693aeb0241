import { lazy, Suspense, useState } from "react";
import { useNavigate } from "@remix-run/react";
import { Button, Menu } from "@mantine/core";
import type { FormData } from "../../../core/charts/contract";
import { showToast } from "../../components/toast-store";
import { copyText } from "../sqllab/clipboard";
import { ViewQueryModal } from "../charts/ViewQueryModal";
import { downloadAsImage } from "../charts/image";
import { EmbedCodeModal } from "./EmbedCodeModal";
import { ResultsModal } from "../dashboard/chart-menu/ResultsModal";
import { chartQuery, downloadChartData } from "./chart-requests";
import { createPermalink, exploreStore } from "./store";
import { useSnapshot } from "valtio";
import { useEmailReport } from "../reports/EmailReportMenu";
import { useTranslation } from "../../i18n/react";

const HistoryModal = lazy(() => import("../history/HistoryModal").then((m) => ({ default: m.HistoryModal })));

// The chart's "View query" (its SQL, result_type query, in a modal with a copy button), "Download" (the
// chart's data as CSV or XLSX, result_format csv / xlsx, or the chart drawn to a PNG) and "Share" (a permalink
// to this state, copied or mailed, or its embed code) as Superset's Explore header menu offers them.

export function ChartActions({ formData, disabled, canSqlLab, canWriteReport = false, canRestore = false, chartElement }: {
  formData: FormData; disabled: boolean; canSqlLab: boolean; canWriteReport?: boolean; /** owners and admins may restore a revision */ canRestore?: boolean;
  chartElement: () => HTMLElement | null;
}) {
  const { slice } = useSnapshot(exploreStore);
  // a saved chart only: a report sends the chart as saved
  const email = useEmailReport(slice ? { kind: "chart", id: slice.slice_id, name: slice.slice_name } : null, canWriteReport, exploreStore.csrfToken);
  const [viewQuery, setViewQuery] = useState(false);
  const [asTable, setAsTable] = useState(false);
  const [history, setHistory] = useState(false);
  const navigate = useNavigate();
  const { t } = useTranslation();
  /** Superset's "Run in SQL Lab": the chart's SQL (result_type query) opens as a new SQL Lab tab on its dataset. */
  async function runInSqlLab() {
    const answer = await chartQuery(formData);
    if (!answer.ok) return showToast("danger", t("The chart's query could not be read: {{message}}", { message: answer.message }));
    const datasourceKey = exploreStore.dataset ? `${exploreStore.dataset.id}__table` : null;
    navigate("/sqllab/", { state: { requestedQuery: { sql: answer.sql, datasourceKey, name: exploreStore.sliceName ?? undefined } } });
  }
  const [embedding, setEmbedding] = useState(false);
  async function image() {
    const el = chartElement();
    const failure = el ? await downloadAsImage(el, exploreStore.sliceName ?? "chart") : t("There is no chart to draw");
    if (failure) showToast("danger", t("The image could not be downloaded: {{failure}}", { failure }));
  }
  async function download(format: "csv" | "xlsx") {
    const failure = await downloadChartData(formData, format);
    if (failure) showToast("danger", t("The data could not be downloaded: {{failure}}", { failure }));
  }
  async function share(how: "copy" | "email") {
    const link = await createPermalink();
    if (!link.ok) return showToast("danger", t("Sorry, something went wrong. Try again later. {{reason}}", { reason: link.message }));
    if (how === "copy") return copyText(link.url);
    const name = exploreStore.sliceName ?? t("Superset Chart");
    window.location.href = `mailto:?Subject=${encodeURIComponent(name)}%20&Body=${encodeURIComponent(`${t("Check out this chart: ")}${link.url}`)}`;
  }
  return (
    <>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <Button variant="default" size="xs" data-testid="share-menu">{t("Share")}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void share("copy")} data-testid="copy-permalink">{t("Copy permalink to clipboard")}</Menu.Item>
          <Menu.Item onClick={() => setEmbedding(true)} data-testid="embed-code-item">{t("Embed code")}</Menu.Item>
          <Menu.Item onClick={() => void share("email")} data-testid="email-permalink">{t("Share permalink by email")}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button variant="default" size="xs" disabled={disabled} onClick={() => setViewQuery(true)} data-testid="view-query">{t("View query")}</Button>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <Button variant="default" size="xs" disabled={disabled} data-testid="download-menu">{t("Download")}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void download("csv")} data-testid="download-csv">{t("Export to .CSV")}</Menu.Item>
          <Menu.Item onClick={() => void download("xlsx")} data-testid="download-xlsx">{t("Export to Excel")}</Menu.Item>
          <Menu.Item onClick={() => void image()} data-testid="download-image">{t("Download as image")}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <Button variant="default" size="xs" disabled={disabled} data-testid="more-menu" aria-label={t("More chart actions")}>⋯</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setAsTable(true)} data-testid="view-as-table">{t("View as table")}</Menu.Item>
          {canSqlLab && <Menu.Item onClick={() => void runInSqlLab()} data-testid="run-in-sqllab">{t("Run in SQL Lab")}</Menu.Item>}
          {slice && <Menu.Item onClick={() => setHistory(true)} data-testid="chart-history">{t("History")}</Menu.Item>}
          {email.items && <Menu.Divider />}
          {email.items}
        </Menu.Dropdown>
      </Menu>
      {email.dialogs}
      {asTable && <ResultsModal title={exploreStore.sliceName ?? t("Untitled chart")} formData={formData} csrfToken={exploreStore.csrfToken} onClose={() => setAsTable(false)} />}
      {embedding && <EmbedCodeModal onClose={() => setEmbedding(false)} />}
      {history && slice && <Suspense fallback={null}>
        {/* a restore changes the saved chart under the page: it opens again from the server */}
        <HistoryModal type="chart" id={slice.slice_id} canRestore={canRestore} csrfToken={exploreStore.csrfToken} onClose={() => setHistory(false)}
          onRestored={() => window.location.assign(`/explore/?slice_id=${slice.slice_id}`)} />
      </Suspense>}
      {viewQuery && <ViewQueryModal formData={formData} csrfToken={exploreStore.csrfToken} onClose={() => setViewQuery(false)} />}
    </>
  );
}
