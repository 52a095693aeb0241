import { useState } from "react";
import { Checkbox, Group, Radio, Select, Stack } from "@mantine/core";
import { sortMetricOf } from "../../../../core/dashboards/filters/select-values";
import { hasPreFilter } from "../../../../core/dashboards/filters/pre-filter";
import { PreFilter } from "./PreFilter";
import type { NativeFilter } from "../../../../core/dashboards/filters/types";
import type { DatasetOption } from "./control-types";

// The "Filter settings" of a value filter in the configuration modal, as Superset's FiltersConfigForm names
// them: pre-filter available values (adhoc filters kept at the top of the filter, as Superset stores them),
// sort filter values (ascending/descending, optionally by a metric), select first value by default, can select
// multiple, dynamically search all filter values, inverse selection.

const pool = { withinPortal: true, zIndex: 400 };

/** "Pre-filter available values" and, when checked, the pre-filter (value and range filters have one). */
export function PreFilterSettings({ filter, dataset, onChange }: { filter: NativeFilter; dataset: DatasetOption | undefined; onChange: (f: NativeFilter) => void }) {
  const set = (patch: Record<string, unknown>) => onChange({ ...filter, ...patch } as NativeFilter);
  const [preFilterOn, setPreFilterOn] = useState(() => hasPreFilter(filter));
  const preFiltered = preFilterOn || hasPreFilter(filter);
  return (
    <>
      <Checkbox label="Pre-filter available values" checked={preFiltered} data-testid="filter-form-prefilter-toggle"
        onChange={(e) => {
          setPreFilterOn(e.currentTarget.checked);
          if (!e.currentTarget.checked) set({ adhoc_filters: undefined, time_range: undefined, granularity_sqla: undefined });
        }} />
      {preFiltered && <PreFilter filter={filter} dataset={dataset} set={set} />}
    </>
  );
}

export function SelectFilterSettings({ filter, dataset, onChange }: { filter: NativeFilter; dataset: DatasetOption | undefined; onChange: (f: NativeFilter) => void }) {
  const set = (patch: Record<string, unknown>) => onChange({ ...filter, ...patch } as NativeFilter);
  const setControl = (key: string, v: unknown) => set({ controlValues: { ...filter.controlValues, [key]: v } });
  const cv = filter.controlValues;
  const sorted = cv.sortAscending !== undefined;
  const metrics = (dataset?.metrics ?? []).map((m) => m.metric_name);
  const check = (label: string, key: string, testId: string, extra?: Record<string, unknown>) => (
    <Checkbox label={label} checked={Boolean(cv[key])} data-testid={testId}
      onChange={(e) => set({ controlValues: { ...cv, [key]: e.currentTarget.checked, ...(e.currentTarget.checked ? extra : {}) } })} />
  );
  return (
    <Stack gap={6} data-testid="filter-form-settings">
      <PreFilterSettings filter={filter} dataset={dataset} onChange={onChange} />
      <Checkbox label="Sort filter values" checked={sorted} data-testid="filter-form-sort"
        onChange={(e) => set(e.currentTarget.checked
          ? { controlValues: { ...cv, sortAscending: true } }
          : { controlValues: Object.fromEntries(Object.entries(cv).filter(([k]) => k !== "sortAscending")), sortMetric: undefined })} />
      {sorted && (
        <Stack gap={4} pl="lg">
          <Radio.Group value={cv.sortAscending ? "asc" : "desc"} onChange={(v) => setControl("sortAscending", v === "asc")}>
            <Group gap="md">
              <Radio value="asc" label="Sort ascending" data-testid="filter-form-sort-asc" />
              <Radio value="desc" label="Sort descending" data-testid="filter-form-sort-desc" />
            </Group>
          </Radio.Group>
          <Select size="xs" label="Sort Metric" description="If a metric is specified, sorting is done by the metric value" clearable comboboxProps={pool}
            data={metrics} value={sortMetricOf(filter) ?? null} onChange={(v) => set({ sortMetric: v ?? undefined })} data-testid="filter-form-sort-metric" />
        </Stack>
      )}
      {check("Select first filter value by default", "defaultToFirstItem", "filter-form-first", { enableEmptyFilter: true })}
      <Checkbox label="Can select multiple values" checked={cv.multiSelect !== false} data-testid="filter-form-multiple"
        onChange={(e) => setControl("multiSelect", e.currentTarget.checked)} />
      {check("Dynamically search all filter values", "searchAllOptions", "filter-form-search-all")}
      {check("Inverse selection", "inverseSelection", "filter-form-inverse")}
    </Stack>
  );
}
