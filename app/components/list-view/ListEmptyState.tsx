import { Button, Stack, Text } from "@mantine/core";

/** What a list shows with no rows: "nothing matches" with a way out when filtered, else that none exist yet. */
export function ListEmptyState({ filtered, plural, onClear, children }: { filtered: boolean; plural: string; onClear: () => void; children?: React.ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="xs" data-testid="list-empty">
      <Text fw={600}>{filtered ? "No results match your filter criteria" : `No ${plural} yet`}</Text>
      {filtered ? <Button variant="subtle" onClick={onClear} data-testid="clear-filters">Clear all filters</Button> : children}
    </Stack>
  );
}
