import { Alert, Loader, Text } from "@mantine/core";
import type { FieldProps } from "./field-props";
import { FilterValuePickers } from "./FilterValuePickers";
import type { DashboardFilters } from "./use-dashboard-filters";

export interface NativeFilterFieldsProps extends FieldProps {
  dashboardFilters: DashboardFilters;
  csrfToken: string | null;
}

/** A dashboard report's native-filter values (Superset's extra.dashboard.nativeFilters), applied to every run. */
export function NativeFilterFields({ form, set, dashboardFilters, csrfToken }: NativeFilterFieldsProps) {
  if (dashboardFilters.state === "none") return null;
  if (dashboardFilters.state === "loading") return <Loader size="xs" />;
  if (dashboardFilters.state === "error") return <Alert color="red">{dashboardFilters.message}</Alert>;
  if (!dashboardFilters.filters.length) return <Text size="xs" c="dimmed">This dashboard has no native filters.</Text>;
  return (
    <div data-testid="report-native-filters">
      <Text size="sm" fw={600} mb={4}>Dashboard filters</Text>
      <FilterValuePickers filters={dashboardFilters.filters} entries={form.nativeFilters} csrfToken={csrfToken}
        unsetHint="the dashboard's default value" onChange={(nativeFilters) => set({ nativeFilters })} />
    </div>
  );
}
