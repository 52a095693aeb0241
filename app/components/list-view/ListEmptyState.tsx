import { Button, Stack, Text } from "@mantine/core";

/** What a list shows with no rows: "nothing matches" with a way out when filtered, else that none exist yet. */
export function ListEmptyState({ filtered, plural, onClear, text, testId, children }: {
  filtered: boolean;
  plural: string;
  onClear: () => void;
  /** the unfiltered message, when the page knows better than "No <plural> yet" (e.g. no data access) */
  text?: string;
  testId?: string;
  children?: React.ReactNode;
}) {
  return (
    <Stack align="center" py="xl" gap="xs" data-testid="list-empty">
      <Text fw={600} data-testid={testId}>{filtered ? "No results match your filter criteria" : text ?? `No ${plural} yet`}</Text>
      {filtered ? <Button variant="subtle" onClick={onClear} data-testid="clear-filters">Clear all filters</Button> : children}
    </Stack>
  );
}
