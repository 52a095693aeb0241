import { ActionIcon, Button, Card, Group, Select, Stack, Text } from "@mantine/core";
import { formAddresses } from "../../../../core/reports/form";
import type { RecipientNativeFilters } from "../../../../core/reports/native-filters";
import type { FieldProps } from "./field-props";
import { FilterValuePickers } from "./FilterValuePickers";
import type { DashboardFilters } from "./use-dashboard-filters";

export interface RecipientFilterFieldsProps extends FieldProps {
  dashboardFilters: DashboardFilters;
  csrfToken: string | null;
}

/**
 * Per-recipient content (beyond Superset): a recipient of the report gets their own email with the dashboard
 * filtered to their values; recipients not listed get the report's filters. One row per recipient.
 */
export function RecipientFilterFields({ form, set, dashboardFilters, csrfToken }: RecipientFilterFieldsProps) {
  if (dashboardFilters.state !== "ready" || !dashboardFilters.filters.length) return null;
  const rows = form.recipientNativeFilters;
  const addresses = formAddresses(form);
  const update = (i: number, patch: Partial<RecipientNativeFilters>) => set({ recipientNativeFilters: rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const free = addresses.filter((a) => !rows.some((r) => r.recipient === a));
  return (
    <Stack gap="xs" data-testid="report-recipient-filters">
      <Text size="sm" fw={600}>Filters per recipient</Text>
      <Text size="xs" c="dimmed">Each recipient listed here gets their own email, the dashboard filtered to their values; the others get the report's filters.</Text>
      {rows.map((row, i) => (
        <Card key={i} withBorder padding="xs" data-testid="report-recipient-filter-row">
          <Group justify="space-between" align="end" mb={6}>
            <Select label="Recipient" size="sm" style={{ flex: 1 }} data={[...new Set([row.recipient, ...free].filter(Boolean))]} value={row.recipient || null}
              placeholder="Choose one of the report's recipients" allowDeselect={false} data-testid="report-recipient-filter-recipient"
              comboboxProps={{ withinPortal: true }} onChange={(v) => v && update(i, { recipient: v })} />
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${row.recipient || "row"}`}
              onClick={() => set({ recipientNativeFilters: rows.filter((_, j) => j !== i) })}>✕</ActionIcon>
          </Group>
          <FilterValuePickers filters={dashboardFilters.filters} entries={row.nativeFilters} csrfToken={csrfToken}
            unsetHint="the report's value" onChange={(nativeFilters) => update(i, { nativeFilters })} />
        </Card>
      ))}
      <Group>
        <Button size="xs" variant="light" disabled={!free.length} data-testid="report-recipient-filter-add"
          onClick={() => set({ recipientNativeFilters: [...rows, { recipient: free[0] ?? "", nativeFilters: [] }] })}>
          Add filters for a recipient
        </Button>
        {!addresses.length && <Text size="xs" c="dimmed">Add email recipients first.</Text>}
      </Group>
    </Stack>
  );
}
