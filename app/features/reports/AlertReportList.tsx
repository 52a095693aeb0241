import { Anchor, Button, Group, SegmentedControl } from "@mantine/core";
import { Link, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { isFiltered } from "../../../core/lists/list-url-state";
import type { ReportKind } from "../../../core/reports/form";
import type { RootData } from "../../root";
import { showToast } from "../../components/toast-store";
import { ListView } from "../../components/list-view/ListView";
import { useBulkSelection } from "../../components/list-view/useBulkSelection";
import { useListDeletion } from "../../components/list-view/useListDeletion";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import { ReportModal } from "./editor/ReportModal";
import { ReportFilters } from "./ReportFilters";
import { ReportTable } from "./ReportTable";
import { deleteReport, deleteReports, updateReport } from "./report-api";
import type { ReportRowActions, ReportRowData } from "./report-row";
import type { loadReportsPage } from "./reports.server";
import { REPORT_LIST } from "./list-config";

type LoaderData = Awaited<ReturnType<typeof loadReportsPage>>;

/**
 * Superset's Alerts & Reports page (/alert/list/ and /report/list/): a switch between the two, search and
 * filters, sortable columns and pages in the address, the active switch, edit, execution log, delete, bulk delete.
 */
export function AlertReportList({ type }: { type: ReportKind }) {
  const { count, reports, pageSize, mayWrite } = useLoaderData<LoaderData>();
  const list = useListUrlState(REPORT_LIST);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const selection = useBulkSelection(reports.filter((r) => r.canEdit).map((r) => r.id));
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const noun = type === "Alert" ? "alert" : "report";

  const deletion = useListDeletion<ReportRowData>({
    noun: [noun, `${noun}s`], label: (r) => r.name, selection,
    deleteOne: (id) => deleteReport(id, csrfToken), deleteMany: (ids) => deleteReports(ids, csrfToken),
  });

  const actions: ReportRowActions = {
    onToggleActive: async (r) => {
      const res = await updateReport(r.id, { active: !r.active }, csrfToken);
      if (!res.ok) showToast("danger", `There was an issue updating ${r.name}: ${res.message}`);
      revalidator.revalidate();
    },
    onEdit: (r) => setEditing({ id: r.id }),
    onDelete: deletion.askDelete,
  };

  return (
    <>
      <Group mb="xs">
        <SegmentedControl value={type} data-testid="alert-report-switch" data={[
          { value: "Alert", label: <Anchor component={Link} to="/alert/list/" underline="never" c="inherit">Alerts</Anchor> },
          { value: "Report", label: <Anchor component={Link} to="/report/list/" underline="never" c="inherit">Reports</Anchor> },
        ]} />
      </Group>
      <ListView title={type === "Alert" ? "Alerts" : "Reports"} noun={[noun, `${noun}s`]} count={count} countTestId="report-count"
        page={list.state.page} pageSize={pageSize} onPage={list.setPage} filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={mayWrite && <Button size="xs" onClick={() => setEditing({ id: null })} data-testid="add-report">{`+ ${type === "Alert" ? "Alert" : "Report"}`}</Button>}
        filters={<ReportFilters list={list} />}
        bulk={{
          selection, available: mayWrite && reports.some((r) => r.canEdit),
          actions: <Button size="xs" color="red" disabled={selection.selected.length === 0} onClick={deletion.askBulkDelete} data-testid="bulk-delete">Delete</Button>,
        }}>
        <ReportTable reports={reports} sort={list.state.sort} onSort={list.sortBy} selection={selection} actions={actions} />
      </ListView>
      {editing && (
        <ReportModal reportId={editing.id} type={type} csrfToken={csrfToken} onClose={() => setEditing(null)}
          onSaved={(_id, name) => {
            setEditing(null);
            showToast("success", `${editing.id === null ? "Created" : "Updated"}: ${name}`);
            revalidator.revalidate();
          }} />
      )}
      {deletion.dialogs}
    </>
  );
}
