import { Checkbox, Table, Text, TextInput } from "@mantine/core";

export interface EditableColumn {
  id: number;
  column_name: string;
  verbose_name: string | null;
  type: string | null;
  is_dttm: boolean;
  filterable: boolean;
  groupby: boolean;
  expression: string | null;
  python_date_format: string | null;
}

/** One row per column: its label, whether it is a time column, and whether charts may filter and group by it. */
export function ColumnsEditor({ columns, onChange }: { columns: EditableColumn[]; onChange: (c: EditableColumn[]) => void }) {
  const set = (id: number, patch: Partial<EditableColumn>) => onChange(columns.map((c) => (c.id === id ? { ...c, ...patch } : c)));
  return (
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
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {columns.map((c) => (
          <Table.Tr key={c.id} data-testid={`column-row-${c.column_name}`}>
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
              <TextInput aria-label={`Label of ${c.column_name}`} value={c.verbose_name ?? ""} onChange={(e) => set(c.id, { verbose_name: e.currentTarget.value })} />
            </Table.Td>
            <Table.Td>
              <Checkbox aria-label={`${c.column_name} is temporal`} checked={c.is_dttm} onChange={(e) => set(c.id, { is_dttm: e.currentTarget.checked })} />
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={`Date format of ${c.column_name}`}
                value={c.python_date_format ?? ""}
                placeholder={c.is_dttm ? "%Y-%m-%d" : ""}
                disabled={!c.is_dttm}
                onChange={(e) => set(c.id, { python_date_format: e.currentTarget.value })}
                w={170}
              />
            </Table.Td>
            <Table.Td>
              <Checkbox aria-label={`${c.column_name} is filterable`} checked={c.filterable} onChange={(e) => set(c.id, { filterable: e.currentTarget.checked })} />
            </Table.Td>
            <Table.Td>
              <Checkbox aria-label={`${c.column_name} is a dimension`} checked={c.groupby} onChange={(e) => set(c.id, { groupby: e.currentTarget.checked })} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
