import { useState } from "react";
import { ActionIcon, Button, Checkbox, Group, Radio, Select, Stack, TextInput } from "@mantine/core";
import { preFilterOf, sortMetricOf } from "../../../../core/dashboards/filters/select-values";
import type { NativeFilter } from "../../../../core/dashboards/filters/types";
import type { DatasetOption } from "./control-types";

// The "Filter settings" of a value filter in the configuration modal, as Superset's FiltersConfigForm names
// them: pre-filter available values (adhoc filters kept at the top of the filter, as Superset stores them),
// sort filter values (ascending/descending, optionally by a metric), select first value by default, can select
// multiple, dynamically search all filter values, inverse selection.

const pool = { withinPortal: true, zIndex: 400 };
const OPERATORS = ["==", "!=", ">", "<", ">=", "<=", "IN", "NOT IN", "LIKE", "IS NULL", "IS NOT NULL"];
const UNARY = new Set(["IS NULL", "IS NOT NULL"]);

interface SimpleFilter { expressionType: "SIMPLE"; clause: "WHERE"; subject: string; operator: string; comparator?: unknown }

const comparatorOf = (op: string, text: string): unknown => {
  if (op === "IN" || op === "NOT IN") return text.split(",").map((s) => s.trim()).filter(Boolean);
  const n = Number(text);
  return text.trim() !== "" && Number.isFinite(n) ? n : text;
};
const textOf = (v: unknown) => (Array.isArray(v) ? v.join(", ") : v === undefined || v === null ? "" : String(v));

function PreFilter({ filter, dataset, set }: { filter: NativeFilter; dataset: DatasetOption | undefined; set: (patch: Record<string, unknown>) => void }) {
  const rows = preFilterOf(filter) as SimpleFilter[];
  const setRows = (next: SimpleFilter[]) => set({ adhoc_filters: next });
  const columns = (dataset?.columns ?? []).map((c) => c.column_name);
  const update = (i: number, patch: Partial<SimpleFilter>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap={4} pl="lg" data-testid="filter-form-prefilter">
      {rows.map((r, i) => (
        <Group key={i} gap={4} wrap="nowrap" data-testid="filter-form-prefilter-row">
          <Select size="xs" w={140} data={columns} value={r.subject || null} searchable comboboxProps={pool} aria-label="Pre-filter column" onChange={(v) => update(i, { subject: v ?? "" })} />
          <Select size="xs" w={110} data={OPERATORS} value={r.operator} allowDeselect={false} comboboxProps={pool} aria-label="Pre-filter operator"
            onChange={(v) => v && update(i, { operator: v, comparator: UNARY.has(v) ? undefined : comparatorOf(v, textOf(r.comparator)) })} />
          {!UNARY.has(r.operator) && (
            <TextInput size="xs" style={{ flex: 1 }} aria-label="Pre-filter value" value={textOf(r.comparator)} onChange={(e) => update(i, { comparator: comparatorOf(r.operator, e.currentTarget.value) })} />
          )}
          <ActionIcon size="sm" variant="subtle" color="red" aria-label="Remove pre-filter" onClick={() => setRows(rows.filter((_, j) => j !== i))}>✕</ActionIcon>
        </Group>
      ))}
      <Button size="compact-xs" variant="subtle" w="fit-content" onClick={() => setRows([...rows, { expressionType: "SIMPLE", clause: "WHERE", subject: columns[0] ?? "", operator: "==", comparator: "" }])}
        data-testid="filter-form-prefilter-add">+ Add pre-filter</Button>
    </Stack>
  );
}

export function SelectFilterSettings({ filter, dataset, onChange }: { filter: NativeFilter; dataset: DatasetOption | undefined; onChange: (f: NativeFilter) => void }) {
  const set = (patch: Record<string, unknown>) => onChange({ ...filter, ...patch } as NativeFilter);
  const setControl = (key: string, v: unknown) => set({ controlValues: { ...filter.controlValues, [key]: v } });
  const cv = filter.controlValues;
  const [preFilterOn, setPreFilterOn] = useState(() => preFilterOf(filter).length > 0);
  const preFiltered = preFilterOn || preFilterOf(filter).length > 0;
  const sorted = cv.sortAscending !== undefined;
  const metrics = (dataset?.metrics ?? []).map((m) => m.metric_name);
  const check = (label: string, key: string, testId: string, extra?: Record<string, unknown>) => (
    <Checkbox label={label} checked={Boolean(cv[key])} data-testid={testId}
      onChange={(e) => set({ controlValues: { ...cv, [key]: e.currentTarget.checked, ...(e.currentTarget.checked ? extra : {}) } })} />
  );
  return (
    <Stack gap={6} data-testid="filter-form-settings">
      <Checkbox label="Pre-filter available values" checked={preFiltered} data-testid="filter-form-prefilter-toggle"
        onChange={(e) => {
          setPreFilterOn(e.currentTarget.checked);
          if (!e.currentTarget.checked) set({ adhoc_filters: undefined });
        }} />
      {preFiltered && <PreFilter filter={filter} dataset={dataset} set={set} />}
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
