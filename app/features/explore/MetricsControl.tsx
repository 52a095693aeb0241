import { useState } from "react";
import { ActionIcon, Button, Group, Pill, Popover, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { getMetricLabel } from "../../../core/charts/query/labels";
import { AGGREGATES, simpleMetric, sqlMetric } from "../../../core/explore/adhoc";
import { escapeClosesEditor } from "../../components/escape-in-popover";
import { useDropTarget } from "./dnd";
import type { ExploreDataset } from "./store";

// Superset's metric control: a saved metric of the dataset, a column with an aggregate (an adhoc SIMPLE metric
// labelled AGG(column)), or a Custom SQL expression (an adhoc SQL metric labelled with its text unless named).
// The SQL box is a plain textarea: Monaco stays off the Explore route's first load.

interface AdhocMetric {
  expressionType?: string;
  column?: { column_name?: string };
  aggregate?: string;
  sqlExpression?: string;
  label?: string;
  hasCustomLabel?: boolean;
  optionName?: string;
}

function MetricPicker({ dataset, initial, onPick }: { dataset: ExploreDataset; initial: unknown; onPick: (metric: unknown) => void }) {
  const adhoc = (initial && typeof initial === "object" ? initial : {}) as AdhocMetric;
  const initialMode = typeof initial === "string" ? "saved" : adhoc.expressionType === "SQL" ? "sql" : adhoc.expressionType === "SIMPLE" || !dataset.metrics.length ? "simple" : "saved";
  const [mode, setMode] = useState(initialMode);
  const [saved, setSaved] = useState<string | null>(typeof initial === "string" ? initial : null);
  const [column, setColumn] = useState<string | null>(adhoc.column?.column_name ?? null);
  const [aggregate, setAggregate] = useState<string | null>(adhoc.aggregate ?? "SUM");
  const [sql, setSql] = useState(adhoc.sqlExpression ?? "");
  const [label, setLabel] = useState(adhoc.hasCustomLabel ? (adhoc.label ?? "") : "");
  const ready = mode === "saved" ? saved !== null : mode === "simple" ? column !== null && aggregate !== null : sql.trim() !== "";
  function pick() {
    // an edited adhoc metric keeps its optionName, as Superset's popover does
    const keep = (m: ReturnType<typeof sqlMetric> | ReturnType<typeof simpleMetric>) => (adhoc.optionName ? { ...m, optionName: adhoc.optionName } : m);
    if (mode === "saved" && saved) onPick(saved);
    if (mode === "simple" && column && aggregate) onPick(keep(simpleMetric(column, aggregate, dataset.columns.find((c) => c.column_name === column)?.type ?? null, label)));
    if (mode === "sql" && sql.trim()) onPick(keep(sqlMetric(sql, label)));
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

/** `multi`: a list of metrics (metrics); otherwise one (metric, timeseries_limit_metric). A pill reopens its metric. */
export function MetricsControl({ value, multi, dataset, onChange, label }: { value: unknown; multi: boolean; dataset: ExploreDataset; onChange: (v: unknown) => void; label: string }) {
  // null: closed; -1: a new metric; otherwise the index of the metric being edited
  const [editing, setEditing] = useState<number | null>(null);
  // what a new metric's popover starts from: a column dropped on the control starts a Simple metric on it
  const [preset, setPreset] = useState<unknown>(null);
  const list = multi ? (Array.isArray(value) ? value : []) : value === null || value === undefined || value === "" ? [] : [value];
  const drop = useDropTarget(["metric", "column"], (kind, name) => {
    if (kind === "metric") return onChange(multi ? [...list.filter((m) => m !== name), name] : name);
    const type = dataset.columns.find((c) => c.column_name === name)?.type ?? null;
    setPreset(simpleMetric(name, "SUM", type, ""));
    setEditing(-1);
  });
  const remove = (i: number) => onChange(multi ? list.filter((_, j) => j !== i) : null);
  function pick(m: unknown) {
    if (!multi) onChange(m);
    else onChange(editing === null || editing < 0 ? [...list, m] : list.map((x, i) => (i === editing ? m : x)));
    setEditing(null);
  }
  return (
    <Popover opened={editing !== null} onChange={(o) => !o && setEditing(null)} position="bottom-start" shadow="md" trapFocus closeOnEscape={false}>
      <Popover.Target>
        <Group gap={4} {...drop.handlers} style={drop.style} data-drop-state={drop.state ?? undefined} data-testid="metrics-drop">
          {list.map((m, i) => (
            <Pill key={i} withRemoveButton onRemove={() => remove(i)} onClick={() => setEditing(i)} style={{ cursor: "pointer" }} data-testid="metric-pill"
              removeButtonProps={{ "aria-label": `Remove ${getMetricLabel(m)}`, "aria-hidden": false, tabIndex: 0, onClick: (e) => e.stopPropagation() }}>
              {getMetricLabel(m)}
            </Pill>
          ))}
          {(multi || list.length === 0) && (
            <ActionIcon variant="light" size="sm" aria-label={`Add ${label}`} onClick={() => { setPreset(null); setEditing((e) => (e === null ? -1 : null)); }}>+</ActionIcon>
          )}
          {list.length === 0 && <Text size="xs" c="dimmed">Drop a column/metric here or click</Text>}
        </Group>
      </Popover.Target>
      <Popover.Dropdown onKeyDownCapture={escapeClosesEditor(() => setEditing(null))}>
        {editing !== null && <MetricPicker key={editing} dataset={dataset} initial={editing >= 0 ? list[editing] : preset} onPick={pick} />}
      </Popover.Dropdown>
    </Popover>
  );
}
