import { useState } from "react";
import { ActionIcon, Button, Group, Pill, Popover, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { getMetricLabel } from "../../../core/charts/query/labels";
import type { ExploreDataset } from "./store";

// Superset's metric control, simple form: a saved metric of the dataset, or a column with an aggregate
// (an adhoc SIMPLE metric labelled AGG(column), as Superset names it).

export const AGGREGATES = ["COUNT", "COUNT_DISTINCT", "SUM", "AVG", "MIN", "MAX"];

export function simpleMetric(column: string, aggregate: string, type: string | null) {
  return {
    expressionType: "SIMPLE", column: { column_name: column, type }, aggregate, label: `${aggregate}(${column})`,
    hasCustomLabel: false, optionName: `metric_${Math.random().toString(36).slice(2, 12)}`,
  };
}

function MetricPicker({ dataset, onPick }: { dataset: ExploreDataset; onPick: (metric: unknown) => void }) {
  const [mode, setMode] = useState(dataset.metrics.length ? "saved" : "simple");
  const [saved, setSaved] = useState<string | null>(null);
  const [column, setColumn] = useState<string | null>(null);
  const [aggregate, setAggregate] = useState<string | null>("SUM");
  const ready = mode === "saved" ? saved !== null : column !== null && aggregate !== null;
  function pick() {
    if (mode === "saved" && saved) onPick(saved);
    if (mode === "simple" && column && aggregate) onPick(simpleMetric(column, aggregate, dataset.columns.find((c) => c.column_name === column)?.type ?? null));
  }
  return (
    <Stack gap="xs" w={280}>
      <SegmentedControl size="xs" value={mode} onChange={setMode} data={[{ value: "saved", label: "Saved" }, { value: "simple", label: "Simple" }]} />
      {mode === "saved" ? (
        <Select label="Saved metric" placeholder="Choose a metric" searchable comboboxProps={{ withinPortal: false }} value={saved} onChange={setSaved}
          data={dataset.metrics.map((m) => ({ value: m.metric_name, label: m.verbose_name || m.metric_name }))} nothingFoundMessage="No saved metrics" />
      ) : (
        <>
          <Select label="Column" placeholder="Choose a column" searchable comboboxProps={{ withinPortal: false }} value={column} onChange={setColumn}
            data={dataset.columns.map((c) => c.column_name)} />
          <Select label="Aggregate" comboboxProps={{ withinPortal: false }} value={aggregate} onChange={setAggregate} data={AGGREGATES} />
        </>
      )}
      <Button size="xs" disabled={!ready} onClick={pick} data-testid="metric-save">Save</Button>
    </Stack>
  );
}

/** `multi`: a list of metrics (metrics); otherwise one (metric, timeseries_limit_metric). */
export function MetricsControl({ value, multi, dataset, onChange, label }: { value: unknown; multi: boolean; dataset: ExploreDataset; onChange: (v: unknown) => void; label: string }) {
  const [open, setOpen] = useState(false);
  const list = multi ? (Array.isArray(value) ? value : []) : value === null || value === undefined || value === "" ? [] : [value];
  const remove = (i: number) => onChange(multi ? list.filter((_, j) => j !== i) : null);
  return (
    <Group gap={4}>
      {list.map((m, i) => (
        <Pill key={i} withRemoveButton onRemove={() => remove(i)} removeButtonProps={{ "aria-label": `Remove ${getMetricLabel(m)}`, "aria-hidden": false, tabIndex: 0 }} data-testid="metric-pill">
          {getMetricLabel(m)}
        </Pill>
      ))}
      {(multi || list.length === 0) && (
        <Popover opened={open} onChange={setOpen} position="bottom-start" shadow="md" trapFocus>
          <Popover.Target>
            <ActionIcon variant="light" size="sm" aria-label={`Add ${label}`} onClick={() => setOpen((o) => !o)}>+</ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <MetricPicker dataset={dataset} onPick={(m) => { onChange(multi ? [...list, m] : m); setOpen(false); }} />
          </Popover.Dropdown>
        </Popover>
      )}
      {list.length === 0 && <Text size="xs" c="dimmed">Add a metric</Text>}
    </Group>
  );
}
