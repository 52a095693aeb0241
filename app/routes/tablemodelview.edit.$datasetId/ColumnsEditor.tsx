import { IconRefresh, IconTrash } from "@tabler/icons-react";
import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import type { DraftColumn } from "../../../core/datasets/editor-draft";

/**
 * The columns read from the source: label, time flag and format, filter and group-by use, and delete (saved with
 * the dataset). "Sync columns from source" merges what the source has now into this unsaved list.
 */
export function ColumnsEditor({ columns, onChange, onSync, syncing, syncNote }: {
  columns: DraftColumn[];
  onChange: (c: DraftColumn[]) => void;
  onSync: () => void;
  syncing: boolean;
  /** why Sync is not offered now (unsaved SQL), or null */
  syncNote: string | null;
}) {
  const set = (key: string, patch: Partial<DraftColumn>) => onChange(columns.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const physical = columns.filter((c) => !c.calculated);
  return (
    <Stack>
      <Group>
        <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onSync} loading={syncing} disabled={syncNote !== null} data-testid="sync-columns">
          Sync columns from source
        </Button>
        {syncNote && <Text size="sm" c="dimmed">{syncNote}</Text>}
      </Group>
      <Table data-testid="columns-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th>Is temporal</Table.Th>
            <Table.Th>Date format</Table.Th>
            <Table.Th>Is filterable</Table.Th>
            <Table.Th>Is dimension</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {physical.map((c) => (
            <Table.Tr key={c.key} data-testid={`column-row-${c.column_name}`}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {c.column_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {c.type ?? "—"}
                </Text>
              </Table.Td>
              <Table.Td>
                <TextInput aria-label={`Label of ${c.column_name}`} value={c.verbose_name ?? ""} onChange={(e) => set(c.key, { verbose_name: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <Checkbox aria-label={`${c.column_name} is temporal`} checked={c.is_dttm} onChange={(e) => set(c.key, { is_dttm: e.currentTarget.checked })} />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Date format of ${c.column_name}`}
                  value={c.python_date_format ?? ""}
                  placeholder={c.is_dttm ? "%Y-%m-%d" : ""}
                  disabled={!c.is_dttm}
                  onChange={(e) => set(c.key, { python_date_format: e.currentTarget.value })}
                  w={170}
                />
              </Table.Td>
              <Table.Td>
                <Checkbox aria-label={`${c.column_name} is filterable`} checked={c.filterable} onChange={(e) => set(c.key, { filterable: e.currentTarget.checked })} />
              </Table.Td>
              <Table.Td>
                <Checkbox aria-label={`${c.column_name} is a dimension`} checked={c.groupby} onChange={(e) => set(c.key, { groupby: e.currentTarget.checked })} />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={`Delete column ${c.column_name}`} onClick={() => onChange(columns.filter((x) => x.key !== c.key))}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
