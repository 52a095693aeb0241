import { useEffect, useState } from "react";
import { Button, Group, NumberInput, Popover, RangeSlider, Select, Stack, Text } from "@mantine/core";
import { choiceOf, choiceProblem, timeRangeOf } from "../../../../core/explore/time-range-choice";
import { TIME_GRAINS, TIME_GRAIN_NAMES } from "../../../../core/connectors/dialects/types";
import { filterColumn, filterDatasetId } from "../../../../core/dashboards/filters/mask";
import { preFilterQuery } from "../../../../core/dashboards/filters/pre-filter";
import { TimeRangePicker } from "../../explore/TimeRangePicker";
import { escapeClosesEditor } from "../../../components/escape-in-popover";
import { KEEP_IN_VIEWPORT } from "../../../components/viewport-popover";
import { columnBounds, temporalColumns } from "./values";
import { SelectFilter } from "./SelectFilter";
import type { ControlProps } from "./control-types";

export type { ControlProps };

// One control per filter type, editing the filter's pending value. Value lists load when the control mounts,
// in parallel with the charts (which never wait for them), and again as parents or the search text change.

function RangeFilter({ filter, value, onChange, csrfToken }: ControlProps) {
  const [bounds, setBounds] = useState<{ min: number; max: number } | { error: string } | null>(null);
  const datasetId = filterDatasetId(filter);
  const column = filterColumn(filter);
  // the pre-filter narrows the bounds: they load again when it changes (in the configuration modal)
  const preFilter = JSON.stringify(preFilterQuery(filter));
  useEffect(() => {
    if (datasetId === undefined || !column) return setBounds({ error: "The filter has no dataset column" });
    let live = true;
    void columnBounds(filter, csrfToken).then((b) => live && setBounds(b));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter object changes on every edit; what the query reads is listed
  }, [datasetId, column, preFilter, csrfToken]);
  const [lo, hi] = Array.isArray(value) ? (value as (number | null)[]) : [null, null];
  const set = (a: number | null, b: number | null) => onChange(a === null && b === null ? null : [a, b]);
  const num = (v: string | number) => (typeof v === "number" ? v : null);
  return (
    <Stack gap={6} data-testid="filter-range">
      {bounds && "error" in bounds && <Text size="xs" c="red">{bounds.error}</Text>}
      {bounds && "min" in bounds && bounds.max > bounds.min && (
        <RangeSlider min={bounds.min} max={bounds.max} step={(bounds.max - bounds.min) / 100} label={null}
          value={[lo ?? bounds.min, hi ?? bounds.max]} onChange={([a, b]) => set(a, b)} />
      )}
      <Group grow gap={6}>
        <NumberInput size="xs" aria-label={`${filter.name} minimum`} placeholder={bounds && "min" in bounds ? String(bounds.min) : "Min"} value={lo ?? ""} onChange={(v) => set(num(v), hi)} />
        <NumberInput size="xs" aria-label={`${filter.name} maximum`} placeholder={bounds && "max" in bounds ? String(bounds.max) : "Max"} value={hi ?? ""} onChange={(v) => set(lo, num(v))} />
      </Group>
    </Stack>
  );
}

function TimeFilter({ filter, value, onChange }: ControlProps) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(() => choiceOf(typeof value === "string" ? value : "No filter"));
  const [problem, setProblem] = useState<string | null>(null);
  const current = typeof value === "string" && value ? value : "No filter";
  return (
    <Popover opened={open} onChange={setOpen} width={340} position="right-start" withinPortal middlewares={KEEP_IN_VIEWPORT} closeOnEscape={false}>
      <Popover.Target>
        <Button variant="default" size="sm" fullWidth justify="space-between" onClick={() => setOpen((o) => !o)} data-testid="filter-time-button">{current}</Button>
      </Popover.Target>
      <Popover.Dropdown onKeyDownCapture={escapeClosesEditor(() => setOpen(false))}>
        <Stack gap="xs">
          <TimeRangePicker choice={choice} column={filterColumn(filter) ?? "col"} onChange={setChoice} onValid={setProblem} />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>Cancel</Button>
            <Button size="xs" disabled={!!problem || !!choiceProblem(choice)} data-testid="filter-time-apply"
              onClick={() => { const r = timeRangeOf(choice); onChange(r === "No filter" ? null : r); setOpen(false); }}>Apply</Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function TimeGrainFilter({ filter, value, onChange }: ControlProps) {
  const current = Array.isArray(value) ? String(value[0]) : null;
  return (
    <Select aria-label={filter.name} clearable size="sm" value={current} data-testid="filter-timegrain" comboboxProps={{ withinPortal: true }}
      data={TIME_GRAINS.map((g) => ({ value: g, label: TIME_GRAIN_NAMES[g] }))} onChange={(v) => onChange(v ? [v] : null)} />
  );
}

function TimeColumnFilter({ filter, value, onChange, csrfToken }: ControlProps) {
  const current = Array.isArray(value) ? String(value[0]) : null;
  const [options, setOptions] = useState<string[]>(current ? [current] : []);
  const datasetId = filterDatasetId(filter);
  useEffect(() => {
    if (datasetId === undefined) return;
    let live = true;
    void temporalColumns(datasetId, csrfToken).then((cols) => live && setOptions(cols));
    return () => {
      live = false;
    };
  }, [datasetId, csrfToken]);
  return (
    <Select aria-label={filter.name} clearable size="sm" value={current} data={options} searchable comboboxProps={{ withinPortal: true }}
      onChange={(v) => onChange(v ? [v] : null)} data-testid="filter-timecolumn" />
  );
}

export function FilterControl(props: ControlProps) {
  switch (props.filter.filterType) {
    case "filter_select": return <SelectFilter {...props} />;
    case "filter_range": return <RangeFilter {...props} />;
    case "filter_time": return <TimeFilter {...props} />;
    case "filter_timegrain": return <TimeGrainFilter {...props} />;
    case "filter_timecolumn": return <TimeColumnFilter {...props} />;
  }
}
