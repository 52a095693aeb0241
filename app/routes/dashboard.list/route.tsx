import { Button, Group } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "../../i18n/react";
import { isFiltered, parseListUrlState } from "../../../core/lists/list-url-state";
import { requirePermission } from "../../auth.server";
import type { RootData } from "../../root";
import { showToast } from "../../components/toast-store";
import { ListView } from "../../components/list-view/ListView";
import { useBulkSelection } from "../../components/list-view/useBulkSelection";
import { useListDeletion } from "../../components/list-view/useListDeletion";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import { exportHref, ImportBundleButton } from "../../features/bundles/ImportBundleButton";
import { PropertiesModal } from "../../features/dashboard/header/PropertiesModal";
import { DashboardCards } from "./DashboardCards";
import { DashboardFilters } from "./DashboardFilters";
import { DashboardTable } from "./DashboardTable";
import { deleteDashboard, deleteDashboards, setFavorite } from "./dashboard-api";
import type { DashboardRowActions, DashboardRowData } from "./dashboard-row";
import { loadDashboardsPage } from "./dashboards.server";
import { pageLanguage } from "../../i18n/catalog.server";

import { DASHBOARD_LIST } from "./list-config";

export const meta: MetaFunction = () => [{ title: "Dashboards · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Dashboard"]);
  const state = parseListUrlState(new URL(request.url).searchParams, DASHBOARD_LIST);
  return loadDashboardsPage(context, principal, state, pageLanguage(request, principal).language);
}

/**
 * Superset's Dashboards list: search and filters, sortable columns, pages, table or card view (all in the
 * address), favourite stars, export and import, and for owners and admins edit properties, delete, and bulk
 * export and delete.
 */
export default function DashboardsList() {
  const { count, dashboards, pageSize, mayWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const list = useListUrlState(DASHBOARD_LIST);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const selection = useBulkSelection(dashboards.filter((d) => d.canEdit).map((d) => d.id));
  const [favorites, setFavorites] = useState<Record<number, boolean>>({});
  const [editing, setEditing] = useState<DashboardRowData | null>(null);
  const shown = dashboards.map((d) => (d.id in favorites ? { ...d, favorite: favorites[d.id] } : d));
  const picked = selection.selected.length;

  const deletion = useListDeletion<DashboardRowData>({
    noun: ["dashboard", "dashboards"], label: (d) => d.title, selection,
    deleteOne: (id) => deleteDashboard(id, csrfToken), deleteMany: (ids) => deleteDashboards(ids, csrfToken),
  });

  const actions: DashboardRowActions = {
    onFavorite: async (dashboard) => {
      const on = !dashboard.favorite;
      setFavorites((f) => ({ ...f, [dashboard.id]: on }));
      const res = await setFavorite(dashboard.id, on, csrfToken);
      if (!res.ok) {
        setFavorites((f) => ({ ...f, [dashboard.id]: !on }));
        showToast("danger", t("There was an issue favoriting this dashboard: {{message}}", { message: res.message }));
      } else if (list.state.filters.favorite) {
        revalidator.revalidate();
      }
    },
    onEdit: setEditing,
    onDelete: deletion.askDelete,
  };


  const bulkActions = (
    <>
      {picked > 0 ? (
        <Button size="xs" variant="default" component="a" href={exportHref("dashboard", selection.selected)} download data-testid="bulk-export">{t("Export")}</Button>
      ) : (
        <Button size="xs" variant="default" disabled data-testid="bulk-export">{t("Export")}</Button>
      )}
      <Button size="xs" color="red" disabled={picked === 0} onClick={deletion.askBulkDelete} data-testid="bulk-delete">{t("Delete")}</Button>
    </>
  );

  return (
    <>
      <ListView title={t("Dashboards")} noun={["dashboard", "dashboards"]} count={count} countTestId="dashboard-count" page={list.state.page} pageSize={pageSize} onPage={list.setPage}
        filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={mayWrite && <Group gap="sm"><ImportBundleButton resource="dashboard" /><Button component={Link} to="/dashboard/new/" data-testid="add-dashboard">{t("+ Dashboard")}</Button></Group>}
        views={{ available: DASHBOARD_LIST.views, value: list.state.view, onChange: list.setView }}
        filters={<DashboardFilters list={list} />}
        bulk={{ selection, available: mayWrite && dashboards.some((d) => d.canEdit), actions: bulkActions }}>
        {list.state.view === "card" ? (
          <DashboardCards dashboards={shown} selection={selection} actions={actions} />
        ) : (
          <DashboardTable dashboards={shown} sort={list.state.sort} onSort={list.sortBy} selection={selection} actions={actions} />
        )}
      </ListView>
      {editing && (
        <PropertiesModal dashboardId={editing.id} lastModifiedTime={editing.lastModifiedTime} csrfToken={csrfToken} onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast("success", t("Dashboard properties updated"));
            revalidator.revalidate();
          }} />
      )}
      {deletion.dialogs}
    </>
  );
}
