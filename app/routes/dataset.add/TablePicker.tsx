import { useState } from "react";
import { Badge, Group, Loader, NavLink, ScrollArea, Stack, Text, TextInput } from "@mantine/core";

export interface TableOption {
  value: string;
  type: string;
}

interface Props {
  tables: TableOption[] | null;
  loading: boolean;
  selected: string | null;
  /** tables that already have a dataset in this database and schema */
  existing: Set<string>;
  onSelect: (table: string) => void;
}

/** The tables and views of the chosen schema, filtered by name as the user types. */
export function TablePicker({ tables, loading, selected, existing, onSelect }: Props) {
  const [filter, setFilter] = useState("");
  if (loading) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">Loading tables…</Text>
      </Group>
    );
  }
  if (!tables) return null;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? tables.filter((t) => t.value.toLowerCase().includes(needle)) : tables;
  return (
    <Stack gap="xs">
      <TextInput label="Search tables" placeholder="Table name" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} data-testid="table-search" />
      <Text size="xs" c="dimmed">
        {tables.length === 1 ? "1 table" : `${tables.length} tables`}
      </Text>
      <ScrollArea.Autosize mah={360} type="auto">
        {shown.length === 0 && <Text size="sm" c="dimmed">{tables.length === 0 ? "This schema has no tables." : "No tables match."}</Text>}
        {shown.map((t) => (
          <NavLink
            key={t.value}
            label={t.value}
            active={t.value === selected}
            onClick={() => onSelect(t.value)}
            data-testid={`table-option-${t.value}`}
            rightSection={
              <Group gap={4}>
                {t.type === "view" && <Badge size="xs" variant="light" color="gray">view</Badge>}
                {existing.has(t.value) && <Badge size="xs" variant="light" color="teal">dataset</Badge>}
              </Group>
            }
          />
        ))}
      </ScrollArea.Autosize>
    </Stack>
  );
}
