import { lazy, Suspense, useState, type ReactNode } from "react";
import { Box, Group } from "@mantine/core";
import type { Layout } from "../../../../core/dashboards/layout";
import type { FilterSetup } from "../../../../core/dashboards/filters/setup";
import type { DashboardChartData } from "../DashboardChart";
import { FiltersProvider } from "./context";
import { FilterBar } from "./FilterBar";
import { createFiltersStore } from "./store";

// The dashboard's filters around its content: the bar on the left, the store every chart reads its mask from,
// and (for editors, loaded on first open) the filter configuration modal.

const FilterConfigModal = lazy(() => import("./FilterConfigModal"));

export function DashboardFilters({ dashboardId, setup, layout, charts, canEdit, csrfToken, children }: {
  dashboardId: number;
  setup: FilterSetup;
  layout: Layout;
  charts: Record<string, DashboardChartData>;
  canEdit: boolean;
  csrfToken: string | null;
  children: ReactNode;
}) {
  const [store] = useState(() => createFiltersStore(setup, layout, charts));
  const [editing, setEditing] = useState(false);
  return (
    <FiltersProvider store={store}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <FilterBar store={store} csrfToken={csrfToken} canEdit={canEdit} onEdit={() => setEditing(true)} />
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </Group>
      {editing && (
        <Suspense fallback={null}>
          <FilterConfigModal dashboardId={dashboardId} store={store} layout={layout} charts={charts} csrfToken={csrfToken} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </FiltersProvider>
  );
}
