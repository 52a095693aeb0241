import { lazy, Suspense, useSyncExternalStore } from "react";
import { Badge, CloseButton, Divider, Group, Loader, Stack, Text, Tooltip } from "@mantine/core";
import { useSnapshot } from "valtio";
import { filterMask, type FilterValue } from "../../../../core/dashboards/filters/mask";
import { isNativeFilter, type NativeFilter, type NativeFilterDivider } from "../../../../core/dashboards/filters/types";
import type { FiltersState, FiltersStore } from "./store";

// The pieces both bars show: one native filter with its control, a divider, and the cross-filters list.

// The controls (select, range, time range picker …) load with the first filter: a dashboard without filters ships
// none. They are drawn in the browser only, once the page is hydrated: a lazy control rendered on the server
// leaves a Suspense boundary to hydrate while its chunk loads, and any update reaching it meanwhile (the filter
// store, a parent's re-render) made React give up on it (error 421) and replace the server's markup anyway.
const loadControls = () => import("./FilterControls");
let controls: Awaited<ReturnType<typeof loadControls>> | null = null;
const LazyFilterControl = lazy(() => loadControls().then((m) => ((controls = m), { default: m.FilterControl })));
const noSubscription = () => () => {};
/** False on the server and while hydrating, true after. */
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

export function FilterItem({ filter, store, csrfToken, missing, width }: { filter: NativeFilter; store: FiltersStore; csrfToken: string | null; missing: boolean; width?: number }) {
  const snap = useSnapshot(store.state) as FiltersState;
  const byId = new Map(snap.filters.filter(isNativeFilter).map((f) => [f.id, f]));
  // cascade: the parents' pending selections narrow this filter's values
  const parents = filter.cascadeParentIds
    .map((id) => byId.get(id))
    .filter((p): p is NativeFilter => !!p)
    .map((p) => filterMask(p, snap.pending[p.id] ?? null).extraFormData);
  const required = Boolean(filter.controlValues.enableEmptyFilter) || Boolean(filter.controlValues.defaultToFirstItem);
  const hydrated = useHydrated();
  // once loaded, drawn without a Suspense round (no loader flash for a filter added later)
  const FilterControl = controls?.FilterControl ?? LazyFilterControl;
  return (
    <Stack gap={4} w={width} style={width ? { flexShrink: 0 } : undefined} data-testid="filter-item" data-filter-id={filter.id}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} truncate data-testid="filter-name">{filter.name}</Text>
        {required && <Text size="sm" c="red" aria-label="required">*</Text>}
        {filter.description && <Tooltip label={filter.description} multiline w={240}><Text size="xs" c="dimmed" aria-label="description">ⓘ</Text></Tooltip>}
      </Group>
      {hydrated ? (
        <Suspense fallback={<Loader size="xs" />}>
          <FilterControl filter={filter} value={(snap.pending[filter.id] ?? null) as FilterValue} parents={parents} csrfToken={csrfToken}
            onChange={(v) => store.setPending(filter.id, v)} onFirstValue={(v) => store.applyFirst(filter.id, v)} />
        </Suspense>
      ) : <Loader size="xs" />}
      {missing && <Text size="xs" c="red">Please choose a value</Text>}
    </Stack>
  );
}

export function DividerItem({ divider, horizontal }: { divider: NativeFilterDivider; horizontal?: boolean }) {
  if (horizontal) {
    return (
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0, alignSelf: "stretch", borderLeft: "1px solid var(--mantine-color-default-border)", paddingLeft: 8 }} data-testid="filter-divider">
        <Tooltip label={divider.description || divider.title} multiline w={240}>
          <Text size="sm" fw={700} maw={140} truncate>{divider.title}</Text>
        </Tooltip>
      </Group>
    );
  }
  return (
    <Stack gap={0} data-testid="filter-divider">
      <Divider />
      <Text size="sm" fw={700} mt={4}>{divider.title}</Text>
      {divider.description && <Text size="xs" c="dimmed">{divider.description}</Text>}
    </Stack>
  );
}

export function CrossFilterList({ store }: { store: FiltersStore }) {
  const snap = useSnapshot(store.state) as FiltersState;
  const cross = Object.entries(snap.cross);
  if (!snap.crossFiltersEnabled) return null;
  return (
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
  );
}
