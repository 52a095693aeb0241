import { Group, NumberInput, Select, Stack, Textarea } from "@mantine/core";
import { AsyncSelectFilter } from "../../../components/list-view/filters";
import { relatedOptions } from "../../../components/list-view/options";
import type { ReportForm } from "../../../../core/reports/form";
import type { FieldProps } from "./field-props";

const databaseOptions = relatedOptions("report", "database");
const CONDITIONS = [
  { value: "not null", label: "not null" }, { value: "<", label: "< (Smaller than)" }, { value: "<=", label: "<= (Smaller or equal)" },
  { value: ">", label: "> (Larger than)" }, { value: ">=", label: ">= (Larger or equal)" }, { value: "==", label: "== (Is equal)" },
  { value: "!=", label: "!= (Is not equal)" },
];

/** An alert's condition: the database, the SQL whose single value is checked, and not-null or an operator and threshold. */
export function AlertFields({ form, set, errors }: FieldProps) {
  return (
    <Stack gap="xs">
      <AsyncSelectFilter label="Database" value={form.database === null ? undefined : String(form.database)} fetchOptions={databaseOptions}
        testId="alert-database" onChange={(v) => set({ database: v ? Number(v) : null })} />
      {errors.database && <div role="alert" style={{ color: "var(--mantine-color-red-6)", fontSize: 12 }}>{errors.database}</div>}
      <Textarea label="SQL Query" description="The query should return a single value (or NULL)" value={form.sql} autosize minRows={3}
        styles={{ input: { fontFamily: "monospace" } }} error={errors.sql} data-testid="alert-sql" onChange={(e) => set({ sql: e.currentTarget.value })} />
      <Group align="end" grow>
        <Select label="Trigger alert if..." data={CONDITIONS} value={form.condition} allowDeselect={false} data-testid="alert-condition"
          onChange={(v) => v && set({ condition: v as ReportForm["condition"] })} />
        <NumberInput label="Value" value={form.threshold ?? ""} disabled={form.condition === "not null"} error={errors.validator_config_json}
          data-testid="alert-threshold" onChange={(v) => set({ threshold: v === "" ? null : Number(v) })} />
      </Group>
    </Stack>
  );
}
