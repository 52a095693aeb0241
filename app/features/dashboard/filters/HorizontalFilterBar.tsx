import { useState } from "react";
import { Badge, Button, CloseButton, Group, Popover, Stack, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useTranslation } from "../../../i18n/react";
import { useSnapshot } from "valtio";
import { isNativeFilter, type FilterConfigItem, type NativeFilter, type NativeFilterDivider } from "../../../../core/dashboards/filters/types";
import type { FiltersState } from "./store";
import { CrossFilterList, DividerItem, FilterItem } from "./FilterItem";
import { ApplyButtons, BarSettings, useBarActions } from "./bar-actions";
import type { BarProps } from "./FilterBar";

// Superset's horizontal filter bar (filter_bar_orientation HORIZONTAL): one row above the charts, as many
// filters as the width holds, the rest under "More filters" (a dropdown holding them, and the cross-filters).

const ITEM_WIDTH = 220;
const DIVIDER_WIDTH = 150;
const GAP = 12;
/** room kept for "More filters" at the row's end */
const MORE_WIDTH = 140;

const widthOf = (f: FilterConfigItem) => (isNativeFilter(f) ? ITEM_WIDTH : DIVIDER_WIDTH);

/** How many of the items fit in `width` (all of them, or as many as leave room for "More filters"). */
export function fitting(items: FilterConfigItem[], width: number): number {
  const total = items.reduce((s, f) => s + widthOf(f) + GAP, 0);
  if (total <= width) return items.length;
  let used = MORE_WIDTH;
  let n = 0;
  for (const f of items) {
    used += widthOf(f) + GAP;
    if (used > width) break;
    n += 1;
  }
  return n;
}

export function HorizontalFilterBar({ store, dashboardId, csrfToken, canEdit, onEdit }: BarProps) {
  const snap = useSnapshot(store.state) as FiltersState;
  const actions = useBarActions(store);
  const { ref, width } = useElementSize();
  const { t } = useTranslation();
  const [moreOpen, setMoreOpen] = useState(false);
  const filters = snap.filters as FilterConfigItem[];
  // before the first measure, show none rather than all: no flash of a row overflowing the page
  const shown = width ? fitting(filters, width) : 0;
  const overflow = filters.slice(shown);
  const cross = Object.entries(snap.cross);
  const render = (f: FilterConfigItem, inMore: boolean) =>
    isNativeFilter(f)
      ? <FilterItem key={f.id} filter={f as NativeFilter} store={store} csrfToken={csrfToken} missing={actions.missing.has(f.id)} width={inMore ? undefined : ITEM_WIDTH} />
      : <DividerItem key={f.id} divider={f as NativeFilterDivider} horizontal={!inMore} />;
  return (
    <Group wrap="nowrap" align="flex-end" gap="sm" data-testid="filter-bar" data-orientation="HORIZONTAL"
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)", paddingBottom: 8, marginBottom: 8 }}>
      <Stack gap={2} style={{ flexShrink: 0 }}>
        <Group gap={2} wrap="nowrap">
          <Text fw={700} size="sm">{t("Filters")}</Text>
          {canEdit && <BarSettings store={store} dashboardId={dashboardId} csrfToken={csrfToken} />}
        </Group>
        {canEdit && <Button variant="subtle" size="compact-xs" onClick={onEdit} data-testid="filter-bar-edit">{t("+ Add/Edit filters")}</Button>}
      </Stack>
      <Group ref={ref} wrap="nowrap" align="flex-end" gap={GAP} style={{ flex: 1, minWidth: 0, overflow: "hidden" }} data-testid="filter-bar-row">
        {filters.length === 0 && <Text size="sm" c="dimmed" data-testid="filter-bar-empty">{t("No filters are currently added to this dashboard.")}</Text>}
        {filters.slice(0, shown).map((f) => render(f, false))}
        {cross.map(([id, c]) => (
          <Badge key={id} variant="light" style={{ textTransform: "none", flexShrink: 0 }} data-testid="cross-filter-item"
            rightSection={<CloseButton size="xs" aria-label={t("Remove cross-filter of {{name}}", { name: c.chartTitle })} onClick={() => store.removeCross(id)} data-testid="cross-filter-remove" />}>
            <span data-testid="cross-filter-value">{String(c.mask.filterState.label)}</span>
          </Badge>
        ))}
      </Group>
      {overflow.length > 0 && (
        // kept mounted and closed only by its own button: the selects inside open their lists in portals,
        // and a click there must not close the dropdown holding them
        <Popover opened={moreOpen} onChange={setMoreOpen} keepMounted closeOnClickOutside={false} position="bottom-end" width={300} withinPortal shadow="md">
          <Popover.Target>
            <Button size="xs" variant={moreOpen ? "light" : "default"} onClick={() => setMoreOpen((o) => !o)} style={{ flexShrink: 0 }} data-testid="filter-bar-more">
              {t("More filters ({{number}})", { number: overflow.length })}
            </Button>
          </Popover.Target>
          <Popover.Dropdown data-testid="filter-bar-more-list">
            <Stack gap="md">
              {overflow.map((f) => render(f, true))}
              {snap.crossFiltersEnabled && cross.length === 0 && <CrossFilterList store={store} />}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
      <ApplyButtons actions={actions} grow={false} />
    </Group>
  );
}
