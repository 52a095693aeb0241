import { useEffect, useState } from "react";
import { ActionIcon, Autocomplete, Button, Group, Pill, Popover, Select, Stack, TagsInput, Text } from "@mantine/core";
import { apiCall } from "../../components/api-call";
import type { ExploreDataset } from "./store";

// Superset's adhoc filters, simple form: column, operator, value, applied in WHERE. The value box offers the
// column's distinct values (GET /api/v1/datasource/table/{id}/column/{name}/values/).

const UNARY = new Set(["IS NULL", "IS NOT NULL"]);
const LIST = new Set(["IN", "NOT IN"]);
export const FILTER_OPERATORS = ["==", "!=", ">", "<", ">=", "<=", "IN", "NOT IN", "LIKE", "ILIKE", "IS NULL", "IS NOT NULL"];

interface SimpleFilter {
  expressionType: string;
  subject?: unknown;
  operator?: unknown;
  comparator?: unknown;
  clause?: unknown;
  sqlExpression?: unknown;
}

export function filterLabel(f: SimpleFilter): string {
  if (f.expressionType !== "SIMPLE") return String(f.sqlExpression ?? "");
  const v = Array.isArray(f.comparator) ? `(${f.comparator.join(", ")})` : UNARY.has(String(f.operator)) ? "" : String(f.comparator ?? "");
  return `${String(f.subject)} ${String(f.operator)} ${v}`.trim();
}

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

function FilterEditor({ dataset, onAdd }: { dataset: ExploreDataset; onAdd: (f: SimpleFilter) => void }) {
  const [column, setColumn] = useState<string | null>(null);
  const [operator, setOperator] = useState<string | null>("==");
  const [value, setValue] = useState("");
  const [list, setList] = useState<string[]>([]);
  const options = useColumnValues(dataset.id, column);
  const op = operator ?? "==";
  const ready = column !== null && (UNARY.has(op) || (LIST.has(op) ? list.length > 0 : value !== ""));
  function add() {
    if (!column || !ready) return;
    const comparator = UNARY.has(op) ? null : LIST.has(op) ? list : value;
    onAdd({ expressionType: "SIMPLE", subject: column, operator: op, comparator, clause: "WHERE" });
  }
  const pool = { withinPortal: false };
  return (
    <Stack gap="xs" w={300}>
      <Select label="Column" placeholder="Choose a column" searchable comboboxProps={pool} value={column} onChange={setColumn}
        data={dataset.columns.filter((c) => c.filterable !== false).map((c) => c.column_name)} />
      <Select label="Operator" comboboxProps={pool} value={operator} onChange={setOperator} data={FILTER_OPERATORS} />
      {LIST.has(op) ? (
        <TagsInput label="Values" comboboxProps={pool} value={list} onChange={setList} data={options} placeholder="Type or pick values" />
      ) : UNARY.has(op) ? null : (
        <Autocomplete label="Value" comboboxProps={pool} value={value} onChange={setValue} data={options.slice(0, 200)} />
      )}
      <Text size="xs" c="dimmed">Applied in the WHERE clause</Text>
      <Button size="xs" disabled={!ready} onClick={add} data-testid="filter-save">Save</Button>
    </Stack>
  );
}

export function FiltersControl({ value, dataset, onChange }: { value: unknown; dataset: ExploreDataset; onChange: (v: unknown) => void }) {
  const [open, setOpen] = useState(false);
  const list = (Array.isArray(value) ? value : []) as SimpleFilter[];
  return (
    <Group gap={4}>
      {list.map((f, i) => (
        <Pill key={i} withRemoveButton onRemove={() => onChange(list.filter((_, j) => j !== i))} data-testid="filter-pill"
          removeButtonProps={{ "aria-label": `Remove filter ${filterLabel(f)}`, "aria-hidden": false, tabIndex: 0 }}>{filterLabel(f)}</Pill>
      ))}
      <Popover opened={open} onChange={setOpen} position="bottom-start" shadow="md" trapFocus>
        <Popover.Target>
          <ActionIcon variant="light" size="sm" aria-label="Add filter" onClick={() => setOpen((o) => !o)}>+</ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <FilterEditor dataset={dataset} onAdd={(f) => { onChange([...list, f]); setOpen(false); }} />
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
