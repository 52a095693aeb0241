import { IconTrash } from "@tabler/icons-react";
import { ActionIcon, Button, Checkbox, Stack, Table, Text, TextInput } from "@mantine/core";
import type { DraftColumn } from "../../../core/datasets/editor-draft";
import { CODE_INPUT_STYLES } from "../../components/code-input";

let added = 0;

/**
 * Calculated columns (Superset's expression columns): a name, a SQL expression over the dataset's columns, a
 * label and how charts may use it. Each new or changed expression is run on the database when the dataset is
 * saved, through the same compiler and SQL gate as a chart, and a bad one refuses the save naming the column.
 */
export function CalculatedColumnsEditor({ columns, onChange }: { columns: DraftColumn[]; onChange: (c: DraftColumn[]) => void }) {
  const set = (key: string, patch: Partial<DraftColumn>) => onChange(columns.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const calculated = columns.filter((c) => c.calculated);
  const add = () =>
    onChange([...columns, {
      key: `new-column-${++added}`, column_name: "", verbose_name: null, description: null, type: null, type_generic: null, is_dttm: false,
      filterable: true, groupby: true, expression: "", python_date_format: null, calculated: true,
    }]);
  return (
    <Stack>
      {calculated.length === 0 && <Text c="dimmed" size="sm">No calculated columns yet: add one to give charts a column computed by a SQL expression.</Text>}
      {calculated.length > 0 && (
        <Table data-testid="calculated-columns-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>SQL expression</Table.Th>
              <Table.Th>Label</Table.Th>
              <Table.Th>Is temporal</Table.Th>
              <Table.Th>Is filterable</Table.Th>
              <Table.Th>Is dimension</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {calculated.map((c) => (
              <Table.Tr key={c.key}>
                <Table.Td>
                  <TextInput aria-label="Calculated column name" value={c.column_name} onChange={(e) => set(c.key, { column_name: e.currentTarget.value })} styles={CODE_INPUT_STYLES} />
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label="Calculated column SQL expression" value={c.expression ?? ""} onChange={(e) => set(c.key, { expression: e.currentTarget.value })} styles={CODE_INPUT_STYLES} miw={220} />
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label="Calculated column label" value={c.verbose_name ?? ""} onChange={(e) => set(c.key, { verbose_name: e.currentTarget.value })} />
                </Table.Td>
                <Table.Td>
                  <Checkbox aria-label={`${c.column_name || "new column"} is temporal`} checked={c.is_dttm} onChange={(e) => set(c.key, { is_dttm: e.currentTarget.checked })} />
                </Table.Td>
                <Table.Td>
                  <Checkbox aria-label={`${c.column_name || "new column"} is filterable`} checked={c.filterable} onChange={(e) => set(c.key, { filterable: e.currentTarget.checked })} />
                </Table.Td>
                <Table.Td>
                  <Checkbox aria-label={`${c.column_name || "new column"} is a dimension`} checked={c.groupby} onChange={(e) => set(c.key, { groupby: e.currentTarget.checked })} />
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete calculated column ${c.column_name}`} onClick={() => onChange(columns.filter((x) => x.key !== c.key))}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Button variant="light" w="fit-content" onClick={add}>
        Add calculated column
      </Button>
    </Stack>
  );
}
