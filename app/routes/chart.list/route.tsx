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
import { ChartCards } from "./ChartCards";
import { ChartFilters } from "./ChartFilters";
import { ChartTable } from "./ChartTable";
import { EditChartModal } from "./EditChartModal";
import { deleteChart, deleteCharts, setFavorite } from "./chart-api";
import type { ChartRowActions, ChartRowData } from "./chart-row";
import { loadChartsPage } from "./charts.server";
import { pageLanguage } from "../../i18n/catalog.server";

import { CHART_LIST } from "./list-config";
import { ImportBundleButton } from "../../features/bundles/ImportBundleButton";

export const meta: MetaFunction = () => [{ title: "Charts · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Chart"]);
  const state = parseListUrlState(new URL(request.url).searchParams, CHART_LIST);
  return loadChartsPage(context, principal, state, pageLanguage(request, principal).language);
}

/**
 * Superset's Charts list: search and filters, sortable columns, pages, table or card view (all in the
 * address), favourite stars, and for owners and admins edit properties, delete and bulk delete.
 */
export default function ChartsList() {
  const { count, charts, pageSize, mayWrite, dashboards } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const list = useListUrlState(CHART_LIST);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const selection = useBulkSelection(charts.filter((c) => c.canEdit).map((c) => c.id));
  const [favorites, setFavorites] = useState<Record<number, boolean>>({});
  const [editing, setEditing] = useState<ChartRowData | null>(null);
  const deletion = useListDeletion<ChartRowData>({
    noun: ["chart", "charts"], label: (c) => c.slice_name, selection,
    deleteOne: (id) => deleteChart(id, csrfToken), deleteMany: (ids) => deleteCharts(ids, csrfToken),
  });
  const shown = charts.map((c) => (c.id in favorites ? { ...c, favorite: favorites[c.id] } : c));

  const actions: ChartRowActions = {
    onFavorite: async (chart) => {
      const on = !chart.favorite;
      setFavorites((f) => ({ ...f, [chart.id]: on }));
      const res = await setFavorite(chart.id, on, csrfToken);
      if (!res.ok) {
        setFavorites((f) => ({ ...f, [chart.id]: !on }));
        showToast("danger", t("There was an issue favoriting this chart: {{message}}", { message: res.message }));
      } else if (list.state.filters.favorite) {
        revalidator.revalidate();
      }
    },
    onEdit: setEditing,
    onDelete: deletion.askDelete,
  };

  return (
    <>
      <ListView title={t("Charts")} noun={["chart", "charts"]} count={count} countTestId="chart-count" page={list.state.page} pageSize={pageSize} onPage={list.setPage}
        filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={mayWrite && <Group gap="sm"><ImportBundleButton resource="chart" /><Button component={Link} to="/chart/add" data-testid="add-chart">{t("+ Chart")}</Button></Group>}
        views={{ available: CHART_LIST.views, value: list.state.view, onChange: list.setView }}
        filters={<ChartFilters list={list} dashboards={dashboards} />}
        bulk={{
          selection, available: mayWrite && charts.some((c) => c.canEdit),
          actions: <Button size="xs" color="red" disabled={selection.selected.length === 0} onClick={deletion.askBulkDelete} data-testid="bulk-delete">{t("Delete")}</Button>,
        }}>
        {list.state.view === "card" ? (
          <ChartCards charts={shown} selection={selection} actions={actions} />
        ) : (
          <ChartTable charts={shown} sort={list.state.sort} onSort={list.sortBy} selection={selection} actions={actions} />
        )}
      </ListView>
      {editing && (
        <EditChartModal chart={editing} csrfToken={csrfToken} onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            showToast("success", t("Chart properties updated: {{name}}", { name }));
            revalidator.revalidate();
          }} />
      )}
      {deletion.dialogs}
    </>
  );
}
