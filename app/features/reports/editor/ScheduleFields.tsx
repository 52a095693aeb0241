import { Select, Stack, Text, TextInput } from "@mantine/core";
import { SCHEDULE_PRESETS } from "../../../../core/reports/form";
import { crontabInWords, crontabProblem } from "../../../../core/reports/crontab-check";
import { REPORT_TIMEZONES } from "../../../../core/reports/timezones";
import type { FieldProps } from "./field-props";

const CUSTOM = "custom";
const presetOptions = [...SCHEDULE_PRESETS.map((p) => ({ value: p.crontab, label: p.label })), { value: CUSTOM, label: "Custom (crontab)" }];

/** A preset or a custom crontab, told back in words, and the time zone whose wall clock it follows. */
export function ScheduleFields({ form, set, errors }: FieldProps) {
  const preset = SCHEDULE_PRESETS.some((p) => p.crontab === form.crontab) ? form.crontab : CUSTOM;
  const problem = form.crontab.trim() ? crontabProblem(form.crontab) : "empty";
  return (
    <Stack gap="xs">
      <Select label="Schedule" data={presetOptions} value={preset} allowDeselect={false} data-testid="report-schedule-preset"
        onChange={(v) => v && v !== CUSTOM && set({ crontab: v })} />
      <TextInput label="Crontab" value={form.crontab} error={errors.crontab ?? (problem ? "Cron expression is not valid" : undefined)}
        description="minute hour day-of-month month day-of-week" data-testid="report-crontab" onChange={(e) => set({ crontab: e.currentTarget.value })} />
      {!problem && <Text size="sm" c="dimmed" data-testid="report-crontab-words">{crontabInWords(form.crontab)}</Text>}
      <Select label="Timezone" data={[...REPORT_TIMEZONES]} value={form.timezone} searchable allowDeselect={false} error={errors.timezone}
        data-testid="report-timezone" onChange={(v) => v && set({ timezone: v })} />
    </Stack>
  );
}
