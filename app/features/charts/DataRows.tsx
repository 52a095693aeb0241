import { useState } from "react";
import { ActionIcon, Badge, Group, ScrollArea, Table, Text, TextInput, Tooltip } from "@mantine/core";
import type { QueryData } from "../../../core/charts/contract";
import { cellText, columnsOf, rowsAsText, searchRows, temporalColumns } from "../../../core/explore/data-pane";
import { copyText } from "../sqllab/clipboard";
import { useTranslation } from "../../i18n/react";

// Rows of a chart-data answer as Superset's data tables show them: the row count, a search over the rows, a copy
// of them, and the first rows in a table. Explore's data pane and the dashboard's "View as table" use it.

const SHOWN = 500;

export function DataRows({ data, total, label, height = 220 }: { data: QueryData; total?: number; label: string; height?: number }) {
  const [search, setSearch] = useState("");
  const { t } = useTranslation();
  const columns = columnsOf(data);
  const temporal = temporalColumns(data);
  const rows = searchRows(data.data, columns, search, temporal);
  const count = total ?? data.rowcount ?? data.data.length;
  return (
    <>
      <Group justify="space-between" my={6}>
        <Group gap={6}>
          <Badge variant="light" color="gray" data-testid={`${label}-row-count`}>{t("{{count}} rows", { count })}</Badge>
          {search.trim() && <Text size="xs" c="dimmed" data-testid={`${label}-matching`}>{t("{{number}} matching", { number: rows.length })}</Text>}
          <Tooltip label={t("Copy to clipboard")}>
            <ActionIcon variant="subtle" size="sm" aria-label={`Copy ${label}`} onClick={() => void copyText(rowsAsText(rows, columns, temporal))}>⧉</ActionIcon>
          </Tooltip>
        </Group>
        <TextInput size="xs" placeholder={t("Search")} aria-label={`Search ${label}`} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={200} />
      </Group>
      <ScrollArea h={height} type="auto">
        <Table striped highlightOnHover withTableBorder fz="xs" stickyHeader data-testid={`${label}-table`}>
          <Table.Thead><Table.Tr>{columns.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr></Table.Thead>
          <Table.Tbody>
            {rows.slice(0, SHOWN).map((r, i) => (
              <Table.Tr key={i}>{columns.map((c) => <Table.Td key={c}>{cellText(r[c], temporal.has(c))}</Table.Td>)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rows.length > SHOWN && <Text size="xs" c="dimmed" p={4}>{t("The first {{shown}} of {{number}} rows are shown; copy takes them all.", { shown: SHOWN, number: rows.length })}</Text>}
      </ScrollArea>
    </>
  );
}
