import { Table, UnstyledButton, Group, Text } from "@mantine/core";
import type { ListSort } from "../../../core/lists/list-url-state";

/** A table header that sorts the list by its API order column; shows and announces the current direction. */
export function SortableHeader({ label, column, sort, onSort }: { label: string; column: string; sort: ListSort; onSort: (column: string) => void }) {
  const active = sort.column === column;
  const arrow = active ? (sort.direction === "asc" ? "▲" : "▼") : "↕";
  return (
    <Table.Th aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
      <UnstyledButton onClick={() => onSort(column)} data-testid={`sort-${column}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">{label}</Text>
          <Text size="xs" c={active ? undefined : "dimmed"} aria-hidden>{arrow}</Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
