import { useState } from "react";
import { ActionIcon, Button, Group, Pill, Popover, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { getMetricLabel } from "../../../core/charts/query/labels";
import { AGGREGATES, simpleMetric, sqlMetric } from "../../../core/explore/adhoc";
import type { ExploreDataset } from "./store";

// Superset's metric control: a saved metric of the dataset, a column with an aggregate (an adhoc SIMPLE metric
// labelled AGG(column)), or a Custom SQL expression (an adhoc SQL metric labelled with its text unless named).
// The SQL box is a plain textarea: Monaco stays off the Explore route's first load.

function MetricPicker({ dataset, onPick }: { dataset: ExploreDataset; onPick: (metric: unknown) => void }) {
  const [mode, setMode] = useState(dataset.metrics.length ? "saved" : "simple");
  const [saved, setSaved] = useState<string | null>(null);
  const [column, setColumn] = useState<string | null>(null);
  const [aggregate, setAggregate] = useState<string | null>("SUM");
  const [sql, setSql] = useState("");
  const [label, setLabel] = useState("");
  const ready = mode === "saved" ? saved !== null : mode === "simple" ? column !== null && aggregate !== null : sql.trim() !== "";
  function pick() {
    if (mode === "saved" && saved) onPick(saved);
    if (mode === "simple" && column && aggregate) onPick(simpleMetric(column, aggregate, dataset.columns.find((c) => c.column_name === column)?.type ?? null, label));
    if (mode === "sql" && sql.trim()) onPick(sqlMetric(sql, label));
  }
  const pool = { withinPortal: false };
  return (
    <Stack gap="xs" w={300}>
      <SegmentedControl size="xs" value={mode} onChange={setMode}
        data={[{ value: "saved", label: "Saved" }, { value: "simple", label: "Simple" }, { value: "sql", label: "Custom SQL" }]} />
      {mode === "saved" && (
        <Select label="Saved metric" placeholder="Choose a metric" searchable comboboxProps={pool} value={saved} onChange={setSaved}
          data={dataset.metrics.map((m) => ({ value: m.metric_name, label: m.verbose_name || m.metric_name }))} nothingFoundMessage="No saved metrics" />
      )}
      {mode === "simple" && (
        <>
          <Select label="Column" placeholder="Choose a column" searchable comboboxProps={pool} value={column} onChange={setColumn}
            data={dataset.columns.map((c) => c.column_name)} />
          <Select label="Aggregate" comboboxProps={pool} value={aggregate} onChange={setAggregate} data={[...AGGREGATES]} />
        </>
      )}
      {mode === "sql" && (
        <Textarea label="SQL expression" autosize minRows={3} styles={{ input: { fontFamily: "monospace" } }} placeholder="e.g. SUM(num) / COUNT(*)"
          value={sql} onChange={(e) => setSql(e.currentTarget.value)} />
      )}
      {mode !== "saved" && <TextInput label="Metric label" placeholder="Optional" value={label} onChange={(e) => setLabel(e.currentTarget.value)} />}
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
