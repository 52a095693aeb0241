import { Group, NumberInput, Select } from "@mantine/core";
import { LOG_RETENTION_CHOICES } from "../../../../core/reports/form";
import type { FieldProps } from "./field-props";

const retention = LOG_RETENTION_CHOICES.map((d) => ({ value: String(d), label: d === 1 ? "1 day" : `${d} days` }));

/** How long the log is kept, when a stuck run gives up, and (alerts) how long to stay quiet after firing. */
export function AdvancedFields({ form, set, errors }: FieldProps) {
  return (
    <Group grow align="start">
      <Select label="Log retention" data={retention} value={String(form.logRetention)} allowDeselect={false} error={errors.log_retention}
        data-testid="report-log-retention" onChange={(v) => v && set({ logRetention: Number(v) })} />
      <NumberInput label="Working timeout" suffix=" seconds" min={1} value={form.workingTimeout} error={errors.working_timeout}
        data-testid="report-working-timeout" onChange={(v) => set({ workingTimeout: Number(v) || 1 })} />
      {form.type === "Alert" && (
        <NumberInput label="Grace period" suffix=" seconds" min={1} value={form.gracePeriod} error={errors.grace_period}
          data-testid="alert-grace-period" onChange={(v) => set({ gracePeriod: Number(v) || 1 })} />
      )}
    </Group>
  );
}
