import { lazy, Suspense, useEffect, useState, type MutableRefObject, type ReactNode } from "react";
import { Box, Group, Stack } from "@mantine/core";
import { useSnapshot } from "valtio";
import type { Layout } from "../../../../core/dashboards/layout";
import type { FilterSetup } from "../../../../core/dashboards/filters/setup";
import type { DashboardChartData } from "../DashboardChart";
import { FiltersProvider } from "./context";
import { FilterBar } from "./FilterBar";
import { FilterDrawer } from "./FilterDrawer";
import { createFiltersStore, type FiltersStore } from "./store";
import { persistFilterState } from "./share";
import { showToast } from "../../../components/toast-store";

// The dashboard's filters around its content: the bar on the left (or on top when horizontal), the store every chart reads its mask from,
// and (for editors, loaded on first open) the filter configuration modal.

const FilterConfigModal = lazy(() => import("./FilterConfigModal"));
// the horizontal bar is the rarer orientation: loaded only by a dashboard that uses it (P3's budget)
const HorizontalFilterBar = lazy(() => import("./HorizontalFilterBar").then((m) => ({ default: m.HorizontalFilterBar })));

export function DashboardFilters({ dashboardId, setup, stored, layout, charts, canEdit, csrfToken, storeRef, barShown = true, barExpanded = true, children }: {
  dashboardId: number;
  /** the data mask of ?native_filters_key= (value null: the key is unknown or expired) */
  stored: { key: string | null; value: string | null } | null;
  setup: FilterSetup;
  layout: Layout;
  charts: Record<string, DashboardChartData>;
  canEdit: boolean;
  csrfToken: string | null;
  /** the page's handle on the store (its Share menu reads the applied data mask) */
  storeRef?: MutableRefObject<FiltersStore | null>;
  /** the embedded SDK's filters.visible: false leaves the bar out (the filters' defaults still apply) */
  barShown?: boolean;
  /** the embedded SDK's filters.expanded: false opens the bar collapsed */
  barExpanded?: boolean;
  children: ReactNode;
}) {
  const [store] = useState(() => {
    const created = createFiltersStore(setup, layout, charts, stored?.value ?? null);
    if (!barExpanded) created.state.collapsed = true;
    return created;
  });
  if (storeRef) storeRef.current = store;
  useEffect(() => {
    if (stored && (stored.value === null || !store.restored)) showToast("warning", "The shared filter state could not be found: the dashboard opens unfiltered.");
  }, [stored, store]);
  useEffect(() => persistFilterState(store, dashboardId, csrfToken, stored?.value ? stored.key : null), [store, dashboardId, csrfToken, stored]);
  const [editing, setEditing] = useState(false);
  const { orientation } = useSnapshot(store.state);
  const bar = { store, dashboardId, csrfToken, canEdit, onEdit: () => setEditing(true) };
  return (
    <FiltersProvider store={store}>
      {!barShown ? children : orientation === "HORIZONTAL" ? (
        <Stack gap={0}>
          <Suspense fallback={null}><HorizontalFilterBar {...bar} /></Suspense>
          <Box style={{ minWidth: 0 }}>{children}</Box>
        </Stack>
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="md">
          {/* a phone has no room beside the charts: the bar opens in a drawer there (Superset's mobile view) */}
          <Box visibleFrom="sm"><FilterBar {...bar} /></Box>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <FilterDrawer {...bar} />
            {children}
          </Box>
        </Group>
      )}
      {editing && (
        <Suspense fallback={null}>
          <FilterConfigModal dashboardId={dashboardId} store={store} layout={layout} charts={charts} csrfToken={csrfToken} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </FiltersProvider>
  );
}
