import { useEffect, useState } from "react";
import { ActionIcon, Autocomplete, Button, Group, Pill, Popover, SegmentedControl, Select, Stack, TagsInput, Text, Textarea } from "@mantine/core";
import {
  FILTER_OPERATORS, LIST_OPERATORS, OPERATOR_LABELS, UNARY_OPERATORS, filterLabel, filterProblem, simpleFilter, sqlFilter, typedComparator,
  type AdhocFilter, type Clause,
} from "../../../core/explore/adhoc";
import { choiceOf, timeRangeOf, type TimeRangeChoice } from "../../../core/explore/time-range-choice";
import { apiCall } from "../../components/api-call";
import { escapeClosesEditor } from "../../components/escape-in-popover";
import { KEEP_IN_VIEWPORT } from "../../components/viewport-popover";
import { TimeRangePicker } from "./TimeRangePicker";
import { useDropTarget } from "./dnd";
import type { ExploreDataset } from "./store";

// Superset's adhoc filter control: pills that open the filter popover, whose Simple tab is a column, an operator
// and a value (the column's values offered, GET /api/v1/datasource/table/{id}/column/{name}/values/; a temporal
// column's time range through the time range picker) and whose Custom SQL tab is a WHERE or HAVING clause.

function useColumnValues(datasetId: number, column: string | null) {
  const [values, setValues] = useState<string[]>([]);
  useEffect(() => {
    if (!column) return;
    let live = true;
    void apiCall<{ result: unknown[] }>("GET", `/api/v1/datasource/table/${datasetId}/column/${encodeURIComponent(column)}/values/`, null).then((res) => {
      if (live) setValues(res.ok ? [...new Set(res.body.result.filter((v) => v !== null).map(String))].slice(0, 1000) : []);
    });
    return () => {
      live = false;
    };
  }, [datasetId, column]);
  return column ? values : [];
}

const pool = { withinPortal: false };

function FilterEditor({ dataset, initial, presetColumn, onSave }: { dataset: ExploreDataset; initial: AdhocFilter | null; presetColumn?: string | null; onSave: (f: AdhocFilter) => void }) {
  const [tab, setTab] = useState<"SIMPLE" | "SQL">(initial?.expressionType ?? "SIMPLE");
  const [column, setColumn] = useState<string | null>(initial?.subject ?? presetColumn ?? null);
  const presetTemporal = !initial && Boolean(dataset.columns.find((c) => c.column_name === presetColumn)?.is_dttm);
  const [operator, setOperator] = useState<string>(initial?.operator ?? (presetTemporal ? "TEMPORAL_RANGE" : "=="));
  const [value, setValue] = useState(initial && !Array.isArray(initial.comparator) && initial.operator !== "TEMPORAL_RANGE" ? String(initial.comparator ?? "") : "");
  const [list, setList] = useState<string[]>(Array.isArray(initial?.comparator) ? initial.comparator.map(String) : []);
  const [time, setTime] = useState<TimeRangeChoice>(initial?.operator === "TEMPORAL_RANGE" ? choiceOf(String(initial.comparator ?? "")) : { kind: "last", range: "Last week" });
  const [timeProblem, setTimeProblem] = useState<string | null>(null);
  const [sql, setSql] = useState(initial?.expressionType === "SQL" ? (initial.sqlExpression ?? "") : "");
  const [clause, setClause] = useState<Clause>(initial?.clause ?? "WHERE");
  const options = useColumnValues(dataset.id, tab === "SIMPLE" && !UNARY_OPERATORS.has(operator) && operator !== "TEMPORAL_RANGE" ? column : null);
  const columnOf = (name: string | null) => dataset.columns.find((c) => c.column_name === name);
  const temporal = Boolean(columnOf(column)?.is_dttm);

  function pickColumn(name: string | null) {
    setColumn(name);
    // a temporal column starts on its time range, as Superset's popover does; others cannot have one
    if (columnOf(name)?.is_dttm) setOperator("TEMPORAL_RANGE");
    else if (operator === "TEMPORAL_RANGE") setOperator("==");
  }

  const filter: AdhocFilter = tab === "SQL"
    ? sqlFilter(sql, clause)
    : simpleFilter(column ?? "", operator, operator === "TEMPORAL_RANGE" ? timeRangeOf(time) : LIST_OPERATORS.has(operator) ? list : typedComparator(value, columnOf(column)?.type), "WHERE");
  const shownProblem = filterProblem(filter);
  const problem = shownProblem ?? (tab === "SIMPLE" && operator === "TEMPORAL_RANGE" ? timeProblem : null);
  const operators = FILTER_OPERATORS.filter((op) => op !== "TEMPORAL_RANGE" || temporal);

  return (
    <Stack gap="xs" w={340} data-testid="filter-editor">
      <SegmentedControl size="xs" value={tab} onChange={(t) => setTab(t as "SIMPLE" | "SQL")}
        data={[{ value: "SIMPLE", label: "Simple" }, { value: "SQL", label: "Custom SQL" }]} />
      {tab === "SIMPLE" ? (
        <>
          <Select label="Column" placeholder="Choose a column" searchable comboboxProps={pool} value={column} onChange={pickColumn}
            data={dataset.columns.filter((c) => c.filterable !== false).map((c) => c.column_name)} />
          <Select label="Operator" comboboxProps={pool} allowDeselect={false} value={operator} onChange={(o) => o && setOperator(o)}
            data={operators.map((op) => ({ value: op, label: OPERATOR_LABELS[op] ?? op }))} />
          {operator === "TEMPORAL_RANGE" ? (
            <TimeRangePicker choice={time} column={column ?? ""} onChange={setTime} onValid={setTimeProblem} />
          ) : LIST_OPERATORS.has(operator) ? (
            <TagsInput label="Values" comboboxProps={pool} value={list} onChange={setList} data={options} placeholder="Type or pick values" />
          ) : UNARY_OPERATORS.has(operator) ? null : (
            <Autocomplete label="Value" comboboxProps={pool} value={value} onChange={setValue} data={options.slice(0, 200)} />
          )}
        </>
      ) : (
        <>
          <Select label="Clause" comboboxProps={pool} allowDeselect={false} value={clause} onChange={(c) => c && setClause(c as Clause)}
            data={[{ value: "WHERE", label: "WHERE" }, { value: "HAVING", label: "HAVING" }]} />
          <Textarea label="Custom SQL" autosize minRows={3} styles={{ input: { fontFamily: "monospace" } }} value={sql}
            onChange={(e) => setSql(e.currentTarget.value)} placeholder={clause === "WHERE" ? "e.g. num > 100" : "e.g. SUM(num) > 1000"} />
          <Text size="xs" c="dimmed">{clause === "WHERE" ? "Filters rows before they are grouped" : "Filters groups after aggregation"}</Text>
        </>
      )}
      {/* a time range's problem is shown by the picker itself, once */}
      {shownProblem && <Text size="xs" c="red" data-testid="filter-problem">{shownProblem}</Text>}
      <Button size="xs" disabled={problem !== null} onClick={() => onSave(initial?.filterOptionName ? { ...filter, filterOptionName: initial.filterOptionName } : filter)} data-testid="filter-save">Save</Button>
    </Stack>
  );
}

export function FiltersControl({ value, dataset, onChange }: { value: unknown; dataset: ExploreDataset; onChange: (v: unknown) => void }) {
  // null: closed; -1: a new filter; otherwise the index of the filter being edited
  const [editing, setEditing] = useState<number | null>(null);
  // a column dropped on the control opens a new filter on it (Superset's DnD filter control)
  const [presetColumn, setPresetColumn] = useState<string | null>(null);
  const list = (Array.isArray(value) ? value : []) as AdhocFilter[];
  const drop = useDropTarget(["column"], (_kind, name) => {
    setPresetColumn(name);
    setEditing(-1);
  });
  function save(f: AdhocFilter) {
    onChange(editing === null || editing < 0 ? [...list, f] : list.map((g, i) => (i === editing ? f : g)));
    setEditing(null);
  }
  return (
    <Popover opened={editing !== null} onChange={(o) => !o && setEditing(null)} position="bottom-start" shadow="md" trapFocus closeOnEscape={false} middlewares={KEEP_IN_VIEWPORT}>
      <Popover.Target>
        <Group gap={4} {...drop.handlers} style={drop.style} data-drop-state={drop.state ?? undefined} data-testid="filters-drop">
          {list.map((f, i) => (
            <Pill key={i} withRemoveButton onRemove={() => onChange(list.filter((_, j) => j !== i))} data-testid="filter-pill" style={{ cursor: "pointer" }}
              onClick={() => setEditing(i)} removeButtonProps={{ "aria-label": `Remove filter ${filterLabel(f)}`, "aria-hidden": false, tabIndex: 0, onClick: (e) => e.stopPropagation() }}>
              {filterLabel(f)}
            </Pill>
          ))}
          <ActionIcon variant="light" size="sm" aria-label="Add filter" onClick={() => { setPresetColumn(null); setEditing((e) => (e === null ? -1 : null)); }}>+</ActionIcon>
        </Group>
      </Popover.Target>
      <Popover.Dropdown onKeyDownCapture={escapeClosesEditor(() => setEditing(null))}>
        {editing !== null && <FilterEditor key={`${editing}:${presetColumn}`} dataset={dataset} initial={editing >= 0 ? list[editing] ?? null : null} presetColumn={editing < 0 ? presetColumn : null} onSave={save} />}
      </Popover.Dropdown>
    </Popover>
  );
}
