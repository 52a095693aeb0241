import { Alert, Badge, Group, Loader, Table, Text, Title } from "@mantine/core";

export interface PreviewColumn {
  name: string;
  type: string | null;
  nullable?: boolean;
  keys?: { type: string }[];
}

interface Props {
  table: string;
  columns: PreviewColumn[] | null;
  loading: boolean;
  error: string | null;
}

/** The chosen table's columns as the database describes them: what the new dataset will start with. */
export function ColumnsPreview({ table, columns, loading, error }: Props) {
  return (
    <>
      <Title order={4} data-testid="preview-title">
        {table}
      </Title>
      {loading && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">Reading the table's columns…</Text>
        </Group>
      )}
      {error && <Alert color="red" data-testid="preview-error">{error}</Alert>}
      {columns && (
        <Table striped data-testid="columns-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column name</Table.Th>
              <Table.Th>Datatype</Table.Th>
              <Table.Th>Keys</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {columns.map((c) => (
              <Table.Tr key={c.name} data-testid={`preview-column-${c.name}`}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.type ?? "—"}</Table.Td>
                <Table.Td>
                  {[...new Set((c.keys ?? []).map((k) => k.type))].map((k) => (
                    <Badge key={k} size="xs" variant="light" mr={4}>
                      {k === "pk" ? "primary key" : k === "fk" ? "foreign key" : "index"}
                    </Badge>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
