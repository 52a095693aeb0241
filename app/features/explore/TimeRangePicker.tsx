import { lazy, Suspense, useEffect, useState } from "react";
import { ActionIcon, Alert, Group, Loader, NumberInput, Popover, Radio, Select, Stack, Text, TextInput } from "@mantine/core";
import {
  LAST_CHOICES, PREVIOUS_CHOICES, RELATIVE_UNITS, choiceProblem, switchKind, timeRangeOf, timeRangeQuery,
  type CustomEnd, type RelativeUnit, type TimeRangeChoice, type TimeRangeKind,
} from "../../../core/explore/time-range-choice";
import { apiCall } from "../../components/api-call";

// Superset's time range picker: the range type (Last, Previous, Custom, Advanced, No filter), its inputs, and
// the actual range the server resolves it to (GET /api/v1/time_range/), so the user sees what "Last quarter"
// or a DATEADD expression means before applying it. The picker is pure UI over core/explore/time-range-choice.

const KINDS: { value: TimeRangeKind; label: string }[] = [
  { value: "last", label: "Last" }, { value: "previous", label: "Previous" }, { value: "custom", label: "Custom" },
  { value: "advanced", label: "Advanced" }, { value: "no_filter", label: "No filter" },
];
const pool = { withinPortal: false };
const CalendarPicker = lazy(() => import("./CalendarPicker"));

/** The date text with a calendar beside it (the calendar's code loads when first opened). */
function SpecificDate({ label, datetime, onChange }: { label: string; datetime: string; onChange: (datetime: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Group gap={4} wrap="nowrap" align="flex-end">
      <TextInput size="xs" style={{ flex: 1 }} aria-label={`${label} date`} placeholder="YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS" value={datetime}
        onChange={(e) => onChange(e.currentTarget.value)} />
      <Popover opened={open} onChange={setOpen} withinPortal={false} position="bottom-end" shadow="md">
        <Popover.Target>
          <ActionIcon variant="default" size="md" aria-label={`${label} calendar`} onClick={() => setOpen((o) => !o)} data-testid={`calendar-${label.toLowerCase()}`}>📅</ActionIcon>
        </Popover.Target>
        <Popover.Dropdown data-testid="calendar-dropdown">
          {open && (
            <Suspense fallback={<Loader size="xs" />}>
              <CalendarPicker datetime={datetime} onPick={(d) => { onChange(d); setOpen(false); }} />
            </Suspense>
          )}
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}

export interface ResolvedRange {
  since: string;
  until: string;
  /** the zone the bounds are on the wall clock of (the viewer's, or a pinned dashboard's) */
  time_zone?: string;
}

/** The server's bounds for a range, or its message; re-asked (debounced) as the range changes. */
function useResolvedRange(timeRange: string, skip: boolean) {
  const [state, setState] = useState<{ range: ResolvedRange | null; error: string | null }>({ range: null, error: null });
  useEffect(() => {
    if (skip) return;
    let live = true;
    const timer = setTimeout(() => {
      void apiCall<{ result: ResolvedRange[] }>("GET", `/api/v1/time_range/?q=${encodeURIComponent(timeRangeQuery(timeRange))}`, null).then((res) => {
        if (live) setState(res.ok ? { range: res.body.result[0], error: null } : { range: null, error: res.message });
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [timeRange, skip]);
  return state;
}

/** "2024-01-01 ≤ col < 2024-02-01", open ends shown as -∞ and ∞, as Superset's picker does. */
export function rangeText({ since, until, time_zone }: ResolvedRange, column: string): string {
  const day = (s: string) => (s.endsWith("T00:00:00") ? s.slice(0, 10) : s.replace("T", " "));
  // the zone is named when it is not UTC: "Today" is then another span of UTC than the dates suggest
  const zone = time_zone && time_zone !== "UTC" ? ` (${time_zone})` : "";
  return `${since ? day(since) : "-∞"} ≤ ${column} < ${until ? day(until) : "∞"}${zone}`;
}

function EndEditor({ label, end, onChange }: { label: string; end: CustomEnd; onChange: (e: CustomEnd) => void }) {
  const setMode = (mode: string | null) => {
    if (mode === "now") onChange({ mode: "now" });
    if (mode === "specific") onChange({ mode: "specific", datetime: "" });
    if (mode === "relative") onChange({ mode: "relative", value: 7, unit: "day", direction: label === "START" ? "before" : "after" });
  };
  return (
    <Stack gap={4}>
      <Select label={label} size="xs" comboboxProps={pool} value={end.mode} onChange={setMode} allowDeselect={false}
        data={[{ value: "specific", label: "Specific Date/Time" }, { value: "relative", label: "Relative Date/Time" }, { value: "now", label: "Now" }]} />
      {end.mode === "specific" && <SpecificDate label={label} datetime={end.datetime} onChange={(datetime) => onChange({ mode: "specific", datetime })} />}
      {end.mode === "relative" && (
        <Group gap={4} grow>
          <NumberInput size="xs" aria-label={`${label} quantity`} min={0} value={end.value} onChange={(v) => onChange({ ...end, value: typeof v === "number" ? v : 0 })} />
          <Select size="xs" aria-label={`${label} unit`} comboboxProps={pool} allowDeselect={false} value={end.unit}
            onChange={(u) => u && onChange({ ...end, unit: u as RelativeUnit })} data={RELATIVE_UNITS.map((u) => ({ value: u, label: `${u}s` }))} />
          <Select size="xs" aria-label={`${label} direction`} comboboxProps={pool} allowDeselect={false} value={end.direction}
            onChange={(d) => d && onChange({ ...end, direction: d as "before" | "after" })} data={[{ value: "before", label: "Before now" }, { value: "after", label: "After now" }]} />
        </Group>
      )}
    </Stack>
  );
}

function KindInputs({ choice, onChange }: { choice: TimeRangeChoice; onChange: (c: TimeRangeChoice) => void }) {
  switch (choice.kind) {
    case "last":
    case "previous": {
      const list = choice.kind === "last" ? LAST_CHOICES : PREVIOUS_CHOICES;
      return (
        <Radio.Group value={choice.range} onChange={(range) => onChange({ kind: choice.kind, range })} label="Configure Time Range">
          <Stack gap={4} mt={4}>{list.map((r) => <Radio key={r} size="xs" value={r} label={r} />)}</Stack>
        </Radio.Group>
      );
    }
    case "custom":
      return (
        <Stack gap="xs">
          <EndEditor label="START" end={choice.start} onChange={(start) => onChange({ ...choice, start })} />
          <EndEditor label="END" end={choice.end} onChange={(end) => onChange({ ...choice, end })} />
        </Stack>
      );
    case "advanced":
      return (
        <Stack gap="xs">
          <TextInput size="xs" label="START (INCLUSIVE)" value={choice.start} onChange={(e) => onChange({ ...choice, start: e.currentTarget.value })} />
          <TextInput size="xs" label="END (EXCLUSIVE)" value={choice.end} onChange={(e) => onChange({ ...choice, end: e.currentTarget.value })} />
          <Text size="xs" c="dimmed">e.g. 2020-01-01, 10 years ago, today, now, DATEADD(DATETIME(&quot;today&quot;), -7, day)</Text>
        </Stack>
      );
    case "no_filter":
      return null;
  }
}

/**
 * The picker for one time filter. `onValid` tells the owner whether the range may be applied: an empty date or
 * a range the server refuses blocks it (Superset disables Apply).
 */
export function TimeRangePicker({ choice, column, onChange, onValid }: {
  choice: TimeRangeChoice; column: string; onChange: (c: TimeRangeChoice) => void; onValid: (problem: string | null) => void;
}) {
  // "No filter" is a value like any other (Superset's default time filter); the server resolves it to -∞ … ∞
  const local = choiceProblem(choice);
  const text = timeRangeOf(choice);
  const { range, error } = useResolvedRange(text, local !== null);
  const problem = local ?? error;
  useEffect(() => onValid(problem ?? (range ? null : "…")), [problem, range]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Stack gap="xs" data-testid="time-range-picker">
      <Select label="Range type" size="xs" comboboxProps={pool} allowDeselect={false} value={choice.kind} data={KINDS}
        onChange={(k) => k && onChange(switchKind(choice, k as TimeRangeKind))} />
      <KindInputs choice={choice} onChange={onChange} />
      <Text size="xs" fw={600}>Actual time range</Text>
      {problem ? (
        <Alert color="red" variant="light" p={6} data-testid="time-range-error">{problem}</Alert>
      ) : (
        <Text size="xs" data-testid="time-range-actual">{range ? rangeText(range, column) : "…"}</Text>
      )}
    </Stack>
  );
}
