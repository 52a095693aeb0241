import { useState } from "react";
import { Button, Menu } from "@mantine/core";
import type { FormData } from "../../../core/charts/contract";
import { showToast } from "../../components/toast-store";
import { copyText } from "../sqllab/clipboard";
import { ViewQueryModal } from "../charts/ViewQueryModal";
import { downloadChartData } from "./chart-requests";
import { createPermalink, exploreStore } from "./store";

// The chart's "View query" (its SQL, result_type query, in a modal with a copy button), "Download" (the
// chart's data as CSV or XLSX, result_format csv / xlsx) and "Share" (a permalink to this state, copied or
// mailed) as Superset's Explore header menu offers them.

export function ChartActions({ formData, disabled }: { formData: FormData; disabled: boolean }) {
  const [viewQuery, setViewQuery] = useState(false);
  async function download(format: "csv" | "xlsx") {
    const failure = await downloadChartData(formData, format);
    if (failure) showToast("danger", `The data could not be downloaded: ${failure}`);
  }
  async function share(how: "copy" | "email") {
    const link = await createPermalink();
    if (!link.ok) return showToast("danger", `Sorry, something went wrong. Try again later. ${link.message}`);
    if (how === "copy") return copyText(link.url);
    const name = exploreStore.sliceName ?? "Superset Chart";
    window.location.href = `mailto:?Subject=${encodeURIComponent(name)}%20&Body=${encodeURIComponent(`Check out this chart: ${link.url}`)}`;
  }
  return (
    <>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <Button variant="default" size="xs" data-testid="share-menu">Share</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void share("copy")} data-testid="copy-permalink">Copy permalink to clipboard</Menu.Item>
          <Menu.Item onClick={() => void share("email")} data-testid="email-permalink">Share permalink by email</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button variant="default" size="xs" disabled={disabled} onClick={() => setViewQuery(true)} data-testid="view-query">View query</Button>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <Button variant="default" size="xs" disabled={disabled} data-testid="download-menu">Download</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void download("csv")} data-testid="download-csv">Export to .CSV</Menu.Item>
          <Menu.Item onClick={() => void download("xlsx")} data-testid="download-xlsx">Export to Excel</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {viewQuery && <ViewQueryModal formData={formData} csrfToken={exploreStore.csrfToken} onClose={() => setViewQuery(false)} />}
    </>
  );
}
