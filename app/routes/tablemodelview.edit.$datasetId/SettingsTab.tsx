import { Checkbox, Group, NumberInput, Select, Stack, Textarea, TextInput, Title } from "@mantine/core";
import type { DatasetDraft } from "../../../core/datasets/editor-draft";

/**
 * Superset's Settings tab, for the fields our dataset API stores: description, certification (kept in `extra`
 * as Superset does), the default time column, the cache timeout and the remaining switches. A warning and a default
 * URL are kept as they are (nothing here shows them yet, so they are not offered).
 */
export function SettingsTab({ draft, onChange }: { draft: DatasetDraft; onChange: (patch: Partial<DatasetDraft>) => void }) {
  const temporal = draft.columns.filter((c) => c.is_dttm && c.column_name.trim()).map((c) => c.column_name);
  return (
    <Stack maw={720}>
      <Textarea label="Description" value={draft.description} onChange={(e) => onChange({ description: e.currentTarget.value })} autosize minRows={3} />
      <Title order={5} mt="sm">Certification</Title>
      <TextInput label="Certified by" description="Person or group that has certified this dataset" value={draft.certified_by}
        onChange={(e) => onChange({ certified_by: e.currentTarget.value })} />
      <Textarea label="Certification details" description="Details of the certification" value={draft.certification_details}
        onChange={(e) => onChange({ certification_details: e.currentTarget.value })} autosize minRows={2} disabled={!draft.certified_by.trim()} />
      <Title order={5} mt="sm">Advanced</Title>
      <Group grow align="flex-start">
        <NumberInput label="Cache timeout" description="Seconds; empty uses the database's timeout" min={0} allowDecimal={false}
          value={draft.cache_timeout ?? ""} onChange={(v) => onChange({ cache_timeout: typeof v === "number" ? v : null })} />
        <NumberInput label="Hours offset" description="Added to the time column's values" allowDecimal={false}
          value={draft.offset} onChange={(v) => onChange({ offset: typeof v === "number" ? v : 0 })} />
      </Group>
      <Select label="Default datetime column" data={temporal} value={draft.main_dttm_col && temporal.includes(draft.main_dttm_col) ? draft.main_dttm_col : null}
        onChange={(v) => onChange({ main_dttm_col: v })} clearable allowDeselect />
      <Checkbox label="Autocomplete filters" description="Offer the column's values in filters" checked={draft.filter_select_enabled}
        onChange={(e) => onChange({ filter_select_enabled: e.currentTarget.checked })} />
      <Checkbox label="Normalize column names" checked={draft.normalize_columns} onChange={(e) => onChange({ normalize_columns: e.currentTarget.checked })} />
      <Checkbox label="Always filter main datetime column" checked={draft.always_filter_main_dttm}
        onChange={(e) => onChange({ always_filter_main_dttm: e.currentTarget.checked })} />
    </Stack>
  );
}
