import { Group, Stack, Text, TextInput } from "@mantine/core";
import type { ScheduleFields } from "../../../core/sqllab/saved-query-list";

// The inputs of a saved query's schedule (Superset's "schedule a query"): a cron expression and an optional
// start and end, all UTC, as the Worker's cron tick reads them.

export function ScheduleFieldsInput({ value, onChange, error }: { value: ScheduleFields; onChange: (v: ScheduleFields) => void; error: string | null }) {
  const set = (k: keyof ScheduleFields) => (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [k]: e.currentTarget.value });
  return (
    <Stack gap="xs">
      <TextInput label="Cron expression (UTC)" placeholder="0 6 * * 1" value={value.crontab} onChange={set("crontab")} data-testid="schedule-crontab" />
      <Group grow>
        <TextInput type="datetime-local" label="Start (UTC)" value={value.start} onChange={set("start")} data-testid="schedule-start" />
        <TextInput type="datetime-local" label="End (UTC)" value={value.end} onChange={set("end")} data-testid="schedule-end" />
      </Group>
      {error ? <Text size="xs" c="red">{error}</Text> : null}
    </Stack>
  );
}
