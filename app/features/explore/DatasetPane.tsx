import { useState } from "react";
import { Badge, Group, ScrollArea, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import type { ExploreDataset } from "./store";

// The dataset pane: the dataset's metrics and columns (with their types), filtered by one search box.

export function DatasetPane({ dataset }: { dataset: ExploreDataset }) {
  const [search, setSearch] = useState("");
  const q = search.trim().toLowerCase();
  const match = (...names: (string | null)[]) => !q || names.some((n) => n?.toLowerCase().includes(q));
  const metrics = dataset.metrics.filter((m) => match(m.metric_name, m.verbose_name));
  const columns = dataset.columns.filter((c) => match(c.column_name, c.verbose_name));
  return (
    <Stack gap="xs" h="100%" data-testid="dataset-pane">
      <Title order={5} data-testid="dataset-name">{dataset.table_name}</Title>
      <Text size="xs" c="dimmed">{dataset.database.database_name}</Text>
      <TextInput size="xs" placeholder="Search Metrics & Columns" value={search} onChange={(e) => setSearch(e.currentTarget.value)} aria-label="Search Metrics & Columns" />
      <ScrollArea style={{ flex: 1 }}>
        <Text size="xs" fw={700} mt="xs">Metrics ({metrics.length} of {dataset.metrics.length})</Text>
        {metrics.map((m) => (
          <Tooltip key={m.metric_name} label={m.expression} openDelay={400}>
            <Group gap={6} py={2} wrap="nowrap">
              <Badge size="xs" variant="light" color="grape" w={44} tt="none">ƒ</Badge>
              <Text size="sm" truncate>{m.verbose_name || m.metric_name}</Text>
            </Group>
          </Tooltip>
        ))}
        <Text size="xs" fw={700} mt="sm">Columns ({columns.length} of {dataset.columns.length})</Text>
        {columns.map((c) => (
          <Group key={c.column_name} gap={6} py={2} wrap="nowrap" data-testid="dataset-column">
            <Tooltip label={c.type ?? "unknown type"} openDelay={400}>
              <Badge size="xs" variant="light" color={c.is_dttm ? "blue" : "gray"} w={44}>{c.is_dttm ? "time" : typeLabel(c.type)}</Badge>
            </Tooltip>
            <Text size="sm" truncate>{c.verbose_name || c.column_name}</Text>
          </Group>
        ))}
      </ScrollArea>
    </Stack>
  );
}

/** A short tag for a column's database type: number, text, or the type's first word. */
function typeLabel(type: string | null): string {
  const t = (type ?? "").toUpperCase();
  if (/INT|NUM|DEC|REAL|FLOAT|DOUBLE/.test(t)) return "#";
  if (/CHAR|TEXT|STRING/.test(t)) return "abc";
  if (/BOOL/.test(t)) return "t/f";
  return t ? t.slice(0, 4).toLowerCase() : "?";
}
