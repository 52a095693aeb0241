import { useEffect, useRef, useState } from "react";
import { Button, Group, Modal, ScrollArea, Stack, Text, TextInput, Textarea } from "@mantine/core";
import type { Layout } from "../../../../core/dashboards/layout";
import { moveFilter, newFilterId } from "../../../../core/dashboards/filters/config";
import { filterColumn, filterDatasetId } from "../../../../core/dashboards/filters/mask";
import { isNativeFilter, needsColumn, type FilterConfigItem, type NativeFilter, type NativeFilterDivider } from "../../../../core/dashboards/filters/types";
import { apiCall } from "../../../components/api-call";
import { showToast } from "../../../components/toast-store";
import type { DashboardChartData } from "../DashboardChart";
import { FilterForm, type DatasetOption } from "./FilterForm";
import type { FiltersStore } from "./store";
import { FilterConfigList, REMOVAL_UNDO_MS } from "./FilterConfigList";

// Superset's "Add and edit filters" modal: the dashboard's filters and dividers on the left (add, select, drag to
// reorder, remove with a 5-second restore), the selected one's settings on the right; Save sends what changed to PUT /api/v1/dashboard/{pk}/filters
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

function blankDivider(): NativeFilterDivider {
  return { id: newFilterId(true), type: "DIVIDER", title: "", description: "" };
}

/** The first problem of a filter or divider, in Superset's words, or null. */
function problemOf(f: FilterConfigItem): string | null {
  if (!isNativeFilter(f)) return f.title.trim() ? null : "Title is required";
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
  // removed: still offered for restore; gone: past the undo window, out of the list (both deleted on Save)
  const [removed, setRemoved] = useState<string[]>([]);
  const [gone, setGone] = useState<string[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
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

  const deleted = [...removed, ...gone];
  const live = items.filter((f) => !deleted.includes(f.id));
  const current = items.find((f) => f.id === selected);
  const newCount = live.filter((f) => !savedIds.has(f.id)).length;
  const remove = (id: string) => {
    setRemoved((r) => [...r, id]);
    timers.current.set(id, setTimeout(() => {
      timers.current.delete(id);
      setRemoved((r) => r.filter((x) => x !== id));
      setGone((g) => [...g, id]);
    }, REMOVAL_UNDO_MS));
  };
  const restore = (id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setRemoved((r) => r.filter((x) => x !== id));
  };
  const add = (divider: boolean) => {
    if (newCount >= MAX_NEW) return showToast("warning", `At most ${MAX_NEW} new filters can be added at once: save first.`);
    const f = divider ? blankDivider() : blankFilter(only);
    setItems((all) => [...all, f]);
    setSelected(f.id);
  };
  const save = async () => {
    const problems: Record<string, string> = {};
    for (const f of live) {
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
      deleted: deleted.filter((id) => savedIds.has(id)),
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
          <Group gap={4} grow>
            <Button size="xs" variant="light" onClick={() => add(false)} data-testid="filter-config-add">+ Filter</Button>
            <Button size="xs" variant="light" onClick={() => add(true)} data-testid="filter-config-add-divider">+ Divider</Button>
          </Group>
          <FilterConfigList items={items.filter((f) => !gone.includes(f.id))} removed={removed} selected={selected} errors={errors} onSelect={setSelected}
            onRemove={remove} onRestore={restore} onMove={(id, before) => setItems((all) => moveFilter(all, id, before))} />
        </Stack>
        <ScrollArea.Autosize mah={560} style={{ flex: 1 }}>
          {current && !deleted.includes(current.id) && isNativeFilter(current) ? (
            <FilterForm filter={current} others={live.filter(isNativeFilter)} datasets={datasets} layout={layout} charts={charts} csrfToken={csrfToken}
              error={errors[current.id] ?? null} onChange={(f) => setItems((all) => all.map((x) => (x.id === f.id ? f : x)))} />
          ) : current && !deleted.includes(current.id) && !isNativeFilter(current) ? (
            <Stack gap="sm" data-testid="divider-form">
              <TextInput label="Title" required value={current.title} data-testid="divider-form-title" error={errors[current.id]}
                onChange={(e) => { const title = e.currentTarget.value; setItems((all) => all.map((x) => (x.id === current.id ? { ...current, title } : x))); }} />
              <Textarea label="Description" autosize minRows={2} value={current.description} data-testid="divider-form-description"
                onChange={(e) => { const description = e.currentTarget.value; setItems((all) => all.map((x) => (x.id === current.id ? { ...current, description } : x))); }} />
            </Stack>
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
