import { Button, Group, Paper, Text } from "@mantine/core";
import type { BulkSelection } from "./useBulkSelection";

/** The bar shown while bulk select is on: how many are selected, select/deselect all, and the page's actions. */
export function BulkActionBar({ selection, noun, children }: { selection: BulkSelection; noun: [string, string]; children: React.ReactNode }) {
  if (!selection.enabled) return null;
  const n = selection.selected.length;
  return (
    <Paper withBorder p="xs" data-testid="bulk-bar">
      <Group justify="space-between">
        <Group gap="sm">
          <Text size="sm" data-testid="bulk-count">{n === 1 ? `1 ${noun[0]} selected` : `${n} ${noun[1]} selected`}</Text>
          <Button size="xs" variant="subtle" onClick={selection.toggleAll}>{selection.allSelected ? "Deselect all" : "Select all"}</Button>
        </Group>
        <Group gap="sm">
          {children}
          <Button size="xs" variant="default" onClick={() => selection.setEnabled(false)}>Cancel</Button>
        </Group>
      </Group>
    </Paper>
  );
}
