import { useState } from "react";
import { ActionIcon, Button, Group, Popover, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { choiceOf, choiceProblem, timeRangeOf } from "../../../../core/explore/time-range-choice";
import { preFilterOf } from "../../../../core/dashboards/filters/pre-filter";
import type { NativeFilter } from "../../../../core/dashboards/filters/types";
import { TimeRangePicker } from "../../explore/TimeRangePicker";
import { KEEP_IN_VIEWPORT } from "../../../components/viewport-popover";
import type { DatasetOption } from "./control-types";

// "Pre-filter available values" in the filter configuration modal, as Superset's FiltersConfigForm has it: adhoc
// filters (a column, operator and value, or custom SQL for the WHERE clause, which the server passes through the
// SQL gate) and, when the dataset has temporal columns, a time range on one of them. Stored at the top of the
// filter as Superset stores them: adhoc_filters, time_range, granularity_sqla.

const pool = { withinPortal: true, zIndex: 400 };
const OPERATORS = ["==", "!=", ">", "<", ">=", "<=", "IN", "NOT IN", "LIKE", "IS NULL", "IS NOT NULL"];
const UNARY = new Set(["IS NULL", "IS NOT NULL"]);

type AdhocFilter =
  | { expressionType: "SIMPLE"; clause: "WHERE"; subject: string; operator: string; comparator?: unknown }
  | { expressionType: "SQL"; clause: "WHERE"; sqlExpression: string };

const comparatorOf = (op: string, text: string): unknown => {
  if (op === "IN" || op === "NOT IN") return text.split(",").map((s) => s.trim()).filter(Boolean);
  const n = Number(text);
  return text.trim() !== "" && Number.isFinite(n) ? n : text;
};
const textOf = (v: unknown) => (Array.isArray(v) ? v.join(", ") : v === undefined || v === null ? "" : String(v));

function TimeRangePreFilter({ filter, temporal, set }: { filter: NativeFilter; temporal: string[]; set: (patch: Record<string, unknown>) => void }) {
  const top = filter as unknown as { time_range?: string; granularity_sqla?: string };
  const current = top.time_range && top.time_range !== "No filter" ? top.time_range : "No filter";
  const column = top.granularity_sqla && temporal.includes(top.granularity_sqla) ? top.granularity_sqla : temporal[0];
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(() => choiceOf(current));
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Group gap={4} wrap="nowrap" align="flex-end" data-testid="filter-form-prefilter-time">
      <Select size="xs" w={140} label="Time column" data={temporal} value={column} allowDeselect={false} comboboxProps={pool}
        onChange={(v) => v && set({ granularity_sqla: v })} data-testid="filter-form-prefilter-time-column" />
      <Stack gap={2} style={{ flex: 1 }}>
        <Text size="xs" fw={500}>Time range</Text>
        <Popover opened={open} onChange={setOpen} width={340} position="bottom-start" withinPortal zIndex={500} middlewares={KEEP_IN_VIEWPORT}>
          <Popover.Target>
            <Button size="xs" variant="default" justify="space-between" onClick={() => setOpen((o) => !o)} data-testid="filter-form-prefilter-time-range">{current}</Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs">
              <TimeRangePicker choice={choice} column={column} onChange={setChoice} onValid={setProblem} />
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" onClick={() => setOpen(false)}>Cancel</Button>
                <Button size="xs" disabled={!!problem || !!choiceProblem(choice)} data-testid="filter-form-prefilter-time-apply"
                  onClick={() => {
                    const r = timeRangeOf(choice);
                    set(r === "No filter" ? { time_range: undefined, granularity_sqla: undefined } : { time_range: r, granularity_sqla: column });
                    setOpen(false);
                  }}>Apply</Button>
              </Group>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Stack>
    </Group>
  );
}

export function PreFilter({ filter, dataset, set }: { filter: NativeFilter; dataset: DatasetOption | undefined; set: (patch: Record<string, unknown>) => void }) {
  const rows = preFilterOf(filter) as AdhocFilter[];
  const setRows = (next: AdhocFilter[]) => set({ adhoc_filters: next });
  const columns = (dataset?.columns ?? []).map((c) => c.column_name);
  const temporal = (dataset?.columns ?? []).filter((c) => c.is_dttm).map((c) => c.column_name);
  const update = (i: number, row: AdhocFilter) => setRows(rows.map((r, j) => (j === i ? row : r)));
  const remove = (i: number) => (
    <ActionIcon size="sm" variant="subtle" color="red" aria-label="Remove pre-filter" onClick={() => setRows(rows.filter((_, j) => j !== i))}>✕</ActionIcon>
  );
  return (
    <Stack gap={4} pl="lg" data-testid="filter-form-prefilter">
      {rows.map((r, i) => r.expressionType === "SQL" ? (
        <Group key={i} gap={4} wrap="nowrap" data-testid="filter-form-prefilter-row">
          <Textarea size="xs" style={{ flex: 1 }} autosize minRows={1} aria-label="Pre-filter custom SQL" placeholder="WHERE clause, e.g. num > 10"
            value={r.sqlExpression} onChange={(e) => update(i, { ...r, sqlExpression: e.currentTarget.value })} />
          {remove(i)}
        </Group>
      ) : (
        <Group key={i} gap={4} wrap="nowrap" data-testid="filter-form-prefilter-row">
          <Select size="xs" w={140} data={columns} value={r.subject || null} searchable comboboxProps={pool} aria-label="Pre-filter column" onChange={(v) => update(i, { ...r, subject: v ?? "" })} />
          <Select size="xs" w={110} data={OPERATORS} value={r.operator} allowDeselect={false} comboboxProps={pool} aria-label="Pre-filter operator"
            onChange={(v) => v && update(i, { ...r, operator: v, comparator: UNARY.has(v) ? undefined : comparatorOf(v, textOf(r.comparator)) })} />
          {!UNARY.has(r.operator) && (
            <TextInput size="xs" style={{ flex: 1 }} aria-label="Pre-filter value" value={textOf(r.comparator)} onChange={(e) => update(i, { ...r, comparator: comparatorOf(r.operator, e.currentTarget.value) })} />
          )}
          {remove(i)}
        </Group>
      ))}
      <Group gap={4}>
        <Button size="compact-xs" variant="subtle" onClick={() => setRows([...rows, { expressionType: "SIMPLE", clause: "WHERE", subject: columns[0] ?? "", operator: "==", comparator: "" }])}
          data-testid="filter-form-prefilter-add">+ Add pre-filter</Button>
        <Button size="compact-xs" variant="subtle" onClick={() => setRows([...rows, { expressionType: "SQL", clause: "WHERE", sqlExpression: "" }])}
          data-testid="filter-form-prefilter-add-sql">+ Custom SQL</Button>
      </Group>
      {temporal.length > 0 && <TimeRangePreFilter filter={filter} temporal={temporal} set={set} />}
    </Stack>
  );
}
