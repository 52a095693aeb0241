import { useEffect, useState } from "react";
import { Alert, Button, Group, Modal, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import type { Layout } from "../../../../core/dashboards/layout";
import { newFilterId } from "../../../../core/dashboards/filters/config";
import { filterColumn, filterDatasetId } from "../../../../core/dashboards/filters/mask";
import { isNativeFilter, needsColumn, type FilterConfigItem, type NativeFilter } from "../../../../core/dashboards/filters/types";
import { apiCall } from "../../../components/api-call";
import { showToast } from "../../../components/toast-store";
import type { DashboardChartData } from "../DashboardChart";
import { FilterForm, type DatasetOption } from "./FilterForm";
import type { FiltersStore } from "./store";

// Superset's "Add and edit filters" modal: the dashboard's filters on the left (add, select, remove with
// restore), the selected one's settings on the right; Save sends what changed to PUT /api/v1/dashboard/{pk}/filters
// (modified, deleted, reordered) and the bar takes the saved configuration.

const MAX_NEW = 10;

function blankFilter(datasetId: number | undefined): NativeFilter {
  return {
    id: newFilterId(), type: "NATIVE_FILTER", name: "", filterType: "filter_select",
    targets: [datasetId !== undefined ? { datasetId } : {}], defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    controlValues: { multiSelect: true, enableEmptyFilter: false, defaultToFirstItem: false, inverseSelection: false, searchAllOptions: false },
    cascadeParentIds: [], scope: { rootPath: ["ROOT_ID"], excluded: [] }, description: "",
  };
}

/** The first problem of a filter, in Superset's words, or null. */
function problemOf(f: NativeFilter): string | null {
  if (!f.name.trim()) return "Name is required";
  if (needsColumn(f.filterType) && filterDatasetId(f) === undefined) return "Dataset is required";
  if (needsColumn(f.filterType) && !filterColumn(f)) return "Column is required";
  return null;
}

export default function FilterConfigModal({ dashboardId, store, layout, charts, csrfToken, onClose }: {
  dashboardId: number;
  store: FiltersStore;
  layout: Layout;
  charts: Record<string, DashboardChartData>;
  csrfToken: string | null;
  onClose: () => void;
}) {
  const [items, setItems] = useState<FilterConfigItem[]>(() => JSON.parse(JSON.stringify(store.state.filters)) as FilterConfigItem[]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [selected, setSelected] = useState<string | null>(() => store.state.filters[0]?.id ?? null);
  const [datasets, setDatasets] = useState<DatasetOption[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const savedIds = new Set(store.state.filters.map((f) => f.id));

  useEffect(() => {
    void apiCall<{ result: DatasetOption[] }>("GET", `/api/v1/dashboard/${dashboardId}/datasets`, csrfToken).then((r) => r.ok && setDatasets(r.body.result));
  }, [dashboardId, csrfToken]);

  // a dashboard of one dataset: new filters take it (also those added before the list arrived)
  const only = datasets.length === 1 ? datasets[0].id : undefined;
  useEffect(() => {
    if (only === undefined) return;
    setItems((all) => all.map((f) => (isNativeFilter(f) && !savedIds.has(f.id) && filterDatasetId(f) === undefined && f.filterType !== "filter_time"
      ? { ...f, targets: [{ datasetId: only }] } : f)));
  }, [only]); // eslint-disable-line react-hooks/exhaustive-deps

  const live = items.filter((f) => !removed.includes(f.id));
  const current = items.find((f) => f.id === selected);
  const newCount = live.filter((f) => !savedIds.has(f.id)).length;
  const add = () => {
    if (newCount >= MAX_NEW) return showToast("warning", `At most ${MAX_NEW} new filters can be added at once: save first.`);
    const f = blankFilter(only);
    setItems((all) => [...all, f]);
    setSelected(f.id);
  };
  const save = async () => {
    const problems: Record<string, string> = {};
    for (const f of live) if (isNativeFilter(f)) {
      const p = problemOf(f);
      if (p) problems[f.id] = p;
    }
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) return setSelected(first);
    setSaving(true);
    const before = new Map(store.state.filters.map((f) => [f.id, JSON.stringify(f)]));
    const body = {
      modified: live.filter((f) => before.get(f.id) !== JSON.stringify(f)),
      deleted: removed.filter((id) => savedIds.has(id)),
      reordered: live.map((f) => f.id),
    };
    const res = await apiCall<{ result: FilterConfigItem[] }>("PUT", `/api/v1/dashboard/${dashboardId}/filters`, csrfToken, body);
    setSaving(false);
    if (!res.ok) return showToast("danger", res.message);
    store.replaceFilters(res.body.result);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title="Add and edit filters" size="xl" data-testid="filter-config-modal">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack w={200} gap={4} style={{ flexShrink: 0 }}>
          <Button size="xs" variant="light" onClick={add} data-testid="filter-config-add">+ Add filter</Button>
          <ScrollArea.Autosize mah={480}>
            {items.map((f) => removed.includes(f.id) ? (
              <Group key={f.id} gap={4} justify="space-between" wrap="nowrap">
                <Text size="xs" c="dimmed" td="line-through" truncate>{isNativeFilter(f) ? f.name || "[untitled]" : f.title}</Text>
                <Button size="compact-xs" variant="subtle" onClick={() => setRemoved((r) => r.filter((x) => x !== f.id))}>Restore</Button>
              </Group>
            ) : (
              <NavLink key={f.id} active={f.id === selected} label={isNativeFilter(f) ? f.name || "[untitled]" : f.title} onClick={() => setSelected(f.id)}
                c={errors[f.id] ? "red" : undefined} data-testid="filter-config-item"
                rightSection={<Button component="span" size="compact-xs" variant="subtle" color="red" aria-label="Remove filter"
                  onClick={(e: React.MouseEvent) => { e.stopPropagation(); setRemoved((r) => [...r, f.id]); }}>✕</Button>} />
            ))}
          </ScrollArea.Autosize>
        </Stack>
        <ScrollArea.Autosize mah={560} style={{ flex: 1 }}>
          {current && !removed.includes(current.id) && isNativeFilter(current) ? (
            <FilterForm filter={current} others={live.filter(isNativeFilter)} datasets={datasets} layout={layout} charts={charts} csrfToken={csrfToken}
              error={errors[current.id] ?? null} onChange={(f) => setItems((all) => all.map((x) => (x.id === f.id ? f : x)))} />
          ) : current && !removed.includes(current.id) ? (
            <Alert variant="light">Dividers are shown in the filter bar as they are saved.</Alert>
          ) : (
            <Text c="dimmed" size="sm">Add a filter, or pick one on the left to edit it.</Text>
          )}
        </ScrollArea.Autosize>
      </Group>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>Cancel</Button>
        <Button onClick={() => void save()} loading={saving} data-testid="filter-config-save">Save</Button>
      </Group>
    </Modal>
  );
}
