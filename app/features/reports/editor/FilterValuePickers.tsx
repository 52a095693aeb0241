import { Stack, Text } from "@mantine/core";
import { filterMask } from "../../../../core/dashboards/filters/mask";
import type { NativeFilter } from "../../../../core/dashboards/filters/types";
import { reportNativeFilter, valuesOf, type ReportNativeFilter } from "../../../../core/reports/native-filters";
import { FilterControl } from "../../dashboard/filters/FilterControls";

export interface FilterValuePickersProps {
  filters: NativeFilter[];
  /** the chosen values, in Superset's report shape */
  entries: ReportNativeFilter[];
  onChange: (entries: ReportNativeFilter[]) => void;
  csrfToken: string | null;
  /** what an unset filter does ("the dashboard's default", "the report's value") */
  unsetHint: string;
}

/**
 * One value picker per native filter: the dashboard filter bar's own controls (the same value lists from the
 * chart-data API, cascade parents narrowing their children). A filter left empty is not saved.
 */
export function FilterValuePickers({ filters, entries, onChange, csrfToken, unsetHint }: FilterValuePickersProps) {
  const values = valuesOf(entries);
  const byId = new Map(filters.map((f) => [f.id, f]));
  return (
    <Stack gap={8}>
      {filters.map((f) => (
        <div key={f.id} data-testid="report-filter-value" data-filter-name={f.name}>
          <Text size="sm" fw={500}>{f.name}</Text>
          <FilterControl filter={f} value={values[f.id] ?? null} csrfToken={csrfToken}
            parents={f.cascadeParentIds.flatMap((id) => (byId.has(id) ? [filterMask(byId.get(id)!, values[id] ?? null).extraFormData] : []))}
            onChange={(v) => {
              const next = entries.filter((e) => e.nativeFilterId !== f.id);
              const entry = reportNativeFilter(f, v);
              onChange(entry ? [...next, entry] : next);
            }} />
          {!(f.id in values) && <Text size="xs" c="dimmed">Not set: {unsetHint}</Text>}
        </div>
      ))}
    </Stack>
  );
}
