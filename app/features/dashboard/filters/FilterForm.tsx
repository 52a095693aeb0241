import { useCallback, useState } from "react";
import { Checkbox, Radio, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import type { Layout } from "../../../../core/dashboards/layout";
import { defaultValue, filterColumn, filterDatasetId, type FilterValue } from "../../../../core/dashboards/filters/mask";
import { FILTER_TYPES, FILTER_TYPE_LABELS, needsColumn, needsDataset, type FilterType, type NativeFilter } from "../../../../core/dashboards/filters/types";
import type { DashboardChartData } from "../DashboardChart";
import { FilterControl } from "./FilterControls";
import { PreFilterSettings, SelectFilterSettings } from "./FilterSettings";
import { ScopingTree } from "./ScopingTree";
import type { DatasetOption } from "./control-types";

export type { DatasetOption };

// The settings of one native filter in the configuration modal (Superset's FiltersConfigForm): type, name,
// dataset and column, cascade parent, the value filter's settings (FilterSettings), default value (edited with the filter's own control), required, multiple,
// scoping (all panels, or the tabs and charts ticked in a tree of the layout) and description.

const pool = { withinPortal: true, zIndex: 400 };

export function FilterForm({ filter, others, datasets, layout, charts, csrfToken, error, onChange }: {
  filter: NativeFilter;
  others: NativeFilter[];
  datasets: DatasetOption[];
  layout: Layout;
  charts: Record<string, DashboardChartData>;
  csrfToken: string | null;
  error: string | null;
  onChange: (f: NativeFilter) => void;
}) {
  const datasetId = filterDatasetId(filter);
  const column = filterColumn(filter);
  const dataset = datasets.find((d) => d.id === datasetId);
  const set = (patch: Partial<NativeFilter>) => onChange({ ...filter, ...patch });
  const setControl = (key: string, v: unknown) => set({ controlValues: { ...filter.controlValues, [key]: v } });
  const setTarget = (ds: number | undefined, col: string | undefined) =>
    set({ targets: [{ ...(ds !== undefined ? { datasetId: ds } : {}), ...(col ? { column: { name: col } } : {}) }], defaultDataMask: { extraFormData: {}, filterState: {} } });
  const setDefault = (v: FilterValue) => set({ defaultDataMask: { ...filter.defaultDataMask, filterState: { value: v } } });
  const columns = (dataset?.columns ?? []).filter((c) => c.filterable !== false)
    .filter((c) => filter.filterType !== "filter_range" || /INT|REAL|FLOAT|DOUBLE|NUMERIC|DECIMAL|NUMBER/i.test(c.type ?? ""));
  const allPanels = filter.scope.rootPath.length === 1 && filter.scope.rootPath[0] === "ROOT_ID" && filter.scope.excluded.length === 0;
  // "Apply to specific panels" shows the tree even while every chart is still ticked
  const [specific, setSpecific] = useState<Record<string, boolean>>({});
  const showTree = specific[filter.id] ?? !allPanels;
  const chartName = useCallback((id: number) => Object.values(charts).find((c) => c.id === id)?.slice_name ?? `Chart ${id}`, [charts]);
  const parentChoices = others.filter((o) => o.filterType === "filter_select" && o.id !== filter.id && !o.cascadeParentIds.includes(filter.id));
  return (
    <Stack gap="sm" data-testid="filter-form">
      <Select label="Filter Type" data={FILTER_TYPES.filter((t) => t !== "filter_timecolumn" || filter.filterType === t).map((t) => ({ value: t, label: FILTER_TYPE_LABELS[t] }))}
        value={filter.filterType} allowDeselect={false} comboboxProps={pool} data-testid="filter-form-type"
        onChange={(t) => t && set({ filterType: t as FilterType, defaultDataMask: { extraFormData: {}, filterState: {} }, ...(needsDataset(t as FilterType) ? {} : { targets: [{}] }) })} />
      <TextInput label="Filter name" required value={filter.name} onChange={(e) => set({ name: e.currentTarget.value })} data-testid="filter-form-name" />
      {needsDataset(filter.filterType) && (
        <Select label="Dataset" required={needsColumn(filter.filterType)} searchable comboboxProps={pool} data-testid="filter-form-dataset"
          data={datasets.map((d) => ({ value: String(d.id), label: d.table_name }))} value={datasetId !== undefined ? String(datasetId) : null}
          onChange={(v) => setTarget(v ? Number(v) : undefined, undefined)} />
      )}
      {needsColumn(filter.filterType) && (
        <Select label="Column" required searchable comboboxProps={pool} data-testid="filter-form-column" disabled={!dataset}
          data={columns.map((c) => c.column_name)} value={column ?? null} onChange={(v) => setTarget(datasetId, v ?? undefined)} />
      )}
      {filter.filterType === "filter_select" && parentChoices.length > 0 && (
        <Select label="Parent filter" description="Values of this filter are narrowed by the parent's selection" clearable comboboxProps={pool}
          data={parentChoices.map((p) => ({ value: p.id, label: p.name }))} value={filter.cascadeParentIds[0] ?? null}
          onChange={(v) => set({ cascadeParentIds: v ? [v] : [] })} data-testid="filter-form-parent" />
      )}
      {filter.filterType === "filter_select" && <SelectFilterSettings key={filter.id} filter={filter} dataset={dataset} onChange={onChange} />}
      {filter.filterType === "filter_range" && <PreFilterSettings key={filter.id} filter={filter} dataset={dataset} onChange={onChange} />}
      <Checkbox label="Filter value is required" checked={Boolean(filter.controlValues.enableEmptyFilter)}
        onChange={(e) => setControl("enableEmptyFilter", e.currentTarget.checked)} data-testid="filter-form-required" />
      {(!needsColumn(filter.filterType) || (datasetId !== undefined && column)) && (
        <Stack gap={4} data-testid="filter-form-default">
          <Text size="sm" fw={500}>Default value</Text>
          <FilterControl key={`${filter.filterType}-${datasetId}-${column}`} filter={filter} value={defaultValue(filter)} parents={[]} csrfToken={csrfToken} onChange={setDefault} />
        </Stack>
      )}
      <Radio.Group label="Scoping" value={showTree ? "specific" : "all"}
        onChange={(v) => {
          setSpecific((m) => ({ ...m, [filter.id]: v === "specific" }));
          if (v === "all") set({ scope: { rootPath: ["ROOT_ID"], excluded: [] } });
        }}>
        <Stack gap={4} mt={4}>
          <Radio value="all" label="Apply to all panels" data-testid="filter-form-scope-all" />
          <Radio value="specific" label="Apply to specific panels" data-testid="filter-form-scope-specific" />
        </Stack>
      </Radio.Group>
      {showTree && <ScopingTree key={filter.id} layout={layout} chartName={chartName} scope={filter.scope} onChange={(scope) => set({ scope })} />}
      <Textarea label="Description" autosize minRows={2} value={filter.description} onChange={(e) => set({ description: e.currentTarget.value })} data-testid="filter-form-description" />
      {error && <Text c="red" size="sm" data-testid="filter-form-error">{error}</Text>}
    </Stack>
  );
}
