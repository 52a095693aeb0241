import { lazy, Suspense, useState } from "react";
import { ActionIcon, Badge, Box, Button, CloseButton, Divider, Group, Loader, ScrollArea, Stack, Text, Title, Tooltip } from "@mantine/core";
import { useSnapshot } from "valtio";
import { filterMask, type FilterValue } from "../../../../core/dashboards/filters/mask";
import { isNativeFilter, type NativeFilter } from "../../../../core/dashboards/filters/types";
import { showToast } from "../../../components/toast-store";
import { hasPendingChanges, type FiltersState, type FiltersStore } from "./store";

// the controls (select, range, time range picker …) load with the first filter: a dashboard without filters ships none
const FilterControl = lazy(() => import("./FilterControls").then((m) => ({ default: m.FilterControl })));

// Superset's vertical filter bar (SPEC §9: 260 px open, a thin strip when collapsed): the native filters with
// their pending values, the cross-filters charts emitted, "Apply filters" (lit while something is pending) and
// "Clear all". A required filter without a value blocks Apply with its message under the control.

export const BAR_WIDTH = 260;
export const BAR_COLLAPSED_WIDTH = 32;

function FilterItem({ filter, store, csrfToken, missing }: { filter: NativeFilter; store: FiltersStore; csrfToken: string | null; missing: boolean }) {
  const snap = useSnapshot(store.state) as FiltersState;
  const byId = new Map(snap.filters.filter(isNativeFilter).map((f) => [f.id, f]));
  const parents = filter.cascadeParentIds
    .map((id) => byId.get(id))
    .filter((p): p is NativeFilter => !!p)
    .map((p) => filterMask(p, snap.pending[p.id] ?? null).extraFormData);
  const required = Boolean(filter.controlValues.enableEmptyFilter);
  return (
    <Stack gap={4} data-testid="filter-item" data-filter-id={filter.id}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} truncate data-testid="filter-name">{filter.name}</Text>
        {required && <Text size="sm" c="red" aria-label="required">*</Text>}
        {filter.description && <Tooltip label={filter.description} multiline w={240}><Text size="xs" c="dimmed" aria-label="description">ⓘ</Text></Tooltip>}
      </Group>
      <Suspense fallback={<Loader size="xs" />}>
        <FilterControl filter={filter} value={(snap.pending[filter.id] ?? null) as FilterValue} parents={parents} csrfToken={csrfToken}
          onChange={(v) => store.setPending(filter.id, v)} />
      </Suspense>
      {missing && <Text size="xs" c="red">Please choose a value</Text>}
    </Stack>
  );
}

export function FilterBar({ store, csrfToken, canEdit, onEdit }: { store: FiltersStore; csrfToken: string | null; canEdit: boolean; onEdit: () => void }) {
  const snap = useSnapshot(store.state) as FiltersState;
  const [showMissing, setShowMissing] = useState(false);
  const filters = snap.filters;
  const pending = hasPendingChanges(snap);
  const missing = new Set(showMissing ? store.missing().map((f) => f.id) : []);
  const cross = Object.entries(snap.cross);
  const anything = Object.values(snap.pending).some((v) => v !== null) || Object.values(snap.applied).some((v) => v !== null) || cross.length > 0;

  if (snap.collapsed) {
    return (
      <Box w={BAR_COLLAPSED_WIDTH} style={{ flexShrink: 0 }} data-testid="filter-bar-collapsed">
        <Tooltip label="Expand filter bar">
          <ActionIcon variant="subtle" onClick={() => (store.state.collapsed = false)} aria-label="Expand filter bar" data-testid="filter-bar-expand">»</ActionIcon>
        </Tooltip>
      </Box>
    );
  }
  const apply = () => {
    const blocked = store.missing();
    setShowMissing(true);
    if (blocked.length) return showToast("warning", `Required filters need a value: ${blocked.map((f) => f.name).join(", ")}`);
    store.apply();
  };
  return (
    <Stack w={BAR_WIDTH} gap="sm" style={{ flexShrink: 0, borderRight: "1px solid var(--mantine-color-default-border)", paddingRight: 12 }} data-testid="filter-bar">
      <Group justify="space-between" wrap="nowrap">
        <Title order={5}>Filters</Title>
        <ActionIcon variant="subtle" color="gray" onClick={() => (store.state.collapsed = true)} aria-label="Collapse filter bar" data-testid="filter-bar-collapse">«</ActionIcon>
      </Group>
      {canEdit && <Button variant="subtle" size="xs" justify="flex-start" onClick={onEdit} data-testid="filter-bar-edit">+ Add/Edit filters</Button>}
      <ScrollArea.Autosize mah="calc(100vh - 260px)" type="auto">
        <Stack gap="md">
          {filters.length === 0 && <Text size="sm" c="dimmed" data-testid="filter-bar-empty">No filters are currently added to this dashboard.</Text>}
          {filters.map((f) =>
            isNativeFilter(f as NativeFilter)
              ? <FilterItem key={f.id} filter={f as NativeFilter} store={store} csrfToken={csrfToken} missing={missing.has(f.id)} />
              : <Stack key={f.id} gap={0} data-testid="filter-divider"><Divider /><Text size="sm" fw={700} mt={4}>{(f as { title: string }).title}</Text><Text size="xs" c="dimmed">{(f as { description: string }).description}</Text></Stack>)}
          {snap.crossFiltersEnabled && (
            <Stack gap={4} data-testid="cross-filters">
              <Divider label="Cross-filters" labelPosition="left" />
              {cross.length === 0 && <Text size="xs" c="dimmed">Click a bar, slice or row of a chart to filter the others.</Text>}
              {cross.map(([id, c]) => (
                <Group key={id} gap={4} wrap="nowrap" justify="space-between" data-testid="cross-filter-item">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="xs" c="dimmed" truncate>{c.chartTitle}</Text>
                    <Badge variant="light" style={{ textTransform: "none" }} data-testid="cross-filter-value">{String(c.mask.filterState.label)}</Badge>
                  </Stack>
                  <CloseButton size="sm" aria-label={`Remove cross-filter of ${c.chartTitle}`} onClick={() => store.removeCross(id)} data-testid="cross-filter-remove" />
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </ScrollArea.Autosize>
      <Group gap="xs" grow>
        <Button size="xs" variant="default" disabled={!anything} onClick={() => { setShowMissing(false); store.clearAll(); }} data-testid="filter-bar-clear">Clear all</Button>
        <Button size="xs" disabled={!pending} onClick={apply} data-testid="filter-bar-apply">Apply filters</Button>
      </Group>
    </Stack>
  );
}
