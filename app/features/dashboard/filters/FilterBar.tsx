import { ActionIcon, Box, Button, Group, ScrollArea, Stack, Text, Title, Tooltip } from "@mantine/core";
import { useSnapshot } from "valtio";
import { useTranslation } from "../../../i18n/react";
import { isNativeFilter, type NativeFilter, type NativeFilterDivider } from "../../../../core/dashboards/filters/types";
import type { FiltersState, FiltersStore } from "./store";
import { CrossFilterList, DividerItem, FilterItem } from "./FilterItem";
import { ApplyButtons, BarSettings, useBarActions } from "./bar-actions";
import { BAR_COLLAPSED_WIDTH, BAR_WIDTH } from "./bar-width";

// Superset's vertical filter bar (260 px open, a thin strip when collapsed): the native filters with
// their pending values, the cross-filters charts emitted, "Apply filters" (lit while something is pending) and
// "Clear all". A required filter without a value blocks Apply with its message under the control.

export interface BarProps { store: FiltersStore; dashboardId: number; csrfToken: string | null; canEdit: boolean; onEdit: () => void }

/** `inDrawer`: the bar as a phone shows it, in a drawer (full width, never collapsed: the drawer closes instead). */
export function FilterBar({ store, dashboardId, csrfToken, canEdit, onEdit, inDrawer = false }: BarProps & { inDrawer?: boolean }) {
  const { t } = useTranslation();
  const snap = useSnapshot(store.state) as FiltersState;
  const actions = useBarActions(store);
  if (snap.collapsed && !inDrawer) {
    return (
      <Box w={BAR_COLLAPSED_WIDTH} style={{ flexShrink: 0 }} data-testid="filter-bar-collapsed">
        <Tooltip label={t("Expand filter bar")}>
          <ActionIcon variant="subtle" onClick={() => (store.state.collapsed = false)} aria-label={t("Expand filter bar")} data-testid="filter-bar-expand">»</ActionIcon>
        </Tooltip>
      </Box>
    );
  }
  return (
    <Stack w={inDrawer ? undefined : BAR_WIDTH} gap="sm" style={inDrawer ? undefined : { flexShrink: 0, borderRight: "1px solid var(--mantine-color-default-border)", paddingRight: 12 }} data-testid="filter-bar" data-orientation="VERTICAL">
      <Group justify="space-between" wrap="nowrap">
        {!inDrawer && <Title order={5}>{t("Filters")}</Title>}
        <Group gap={2} wrap="nowrap">
          {canEdit && <BarSettings store={store} dashboardId={dashboardId} csrfToken={csrfToken} />}
          {!inDrawer && <ActionIcon variant="subtle" color="gray" onClick={() => (store.state.collapsed = true)} aria-label={t("Collapse filter bar")} data-testid="filter-bar-collapse">«</ActionIcon>}
        </Group>
      </Group>
      {canEdit && <Button variant="subtle" size="xs" justify="flex-start" onClick={onEdit} data-testid="filter-bar-edit">{t("+ Add/Edit filters")}</Button>}
      <ScrollArea.Autosize mah={inDrawer ? undefined : "calc(100vh - 260px)"} type="auto">
        <Stack gap="md">
          {snap.filters.length === 0 && <Text size="sm" c="dimmed" data-testid="filter-bar-empty">{t("No filters are currently added to this dashboard.")}</Text>}
          {snap.filters.map((f) =>
            isNativeFilter(f as NativeFilter)
              ? <FilterItem key={f.id} filter={f as NativeFilter} store={store} csrfToken={csrfToken} missing={actions.missing.has(f.id)} />
              : <DividerItem key={f.id} divider={f as NativeFilterDivider} />)}
          <CrossFilterList store={store} />
        </Stack>
      </ScrollArea.Autosize>
      <ApplyButtons actions={actions} />
    </Stack>
  );
}
