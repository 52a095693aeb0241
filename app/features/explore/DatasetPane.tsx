import { useState } from "react";
import { ActionIcon, Badge, Group, Menu, ScrollArea, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { useNavigate } from "@remix-run/react";
import { ChangeDatasetModal } from "./ChangeDatasetModal";
import { dragProps } from "./dnd";
import type { ExploreDataset } from "./store";
import { useTranslation } from "../../i18n/react";

// The dataset pane: the dataset's metrics and columns (with their types), filtered by one search box; each can be
// dragged into a control. Its menu changes the dataset or opens the dataset's SQL in SQL Lab (Superset's
// DatasourceControl menu).

function DatasetMenu({ dataset, canSqlLab }: { dataset: ExploreDataset; canSqlLab: boolean }) {
  const [changing, setChanging] = useState(false);
  const navigate = useNavigate();
  const { t } = useTranslation();
  function viewInSqlLab() {
    // a virtual dataset's own SQL, a physical one's SELECT * (the dataset's select_star), as Superset does
    const sql = dataset.sql?.trim() || dataset.select_star || `SELECT * FROM ${dataset.schema ? `${dataset.schema}.` : ""}${dataset.table_name}`;
    navigate("/sqllab/", { state: { requestedQuery: { sql, datasourceKey: `${dataset.id}__table`, dbId: dataset.database.id ?? null, schema: dataset.schema ?? null } } });
  }
  return (
    <>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t("Dataset menu")} data-testid="dataset-menu">⋮</ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setChanging(true)} data-testid="change-dataset">{t("Change dataset")}</Menu.Item>
          {canSqlLab && <Menu.Item onClick={viewInSqlLab} data-testid="view-in-sqllab">{t("View in SQL Lab")}</Menu.Item>}
        </Menu.Dropdown>
      </Menu>
      {changing && <ChangeDatasetModal onClose={() => setChanging(false)} />}
    </>
  );
}

export function DatasetPane({ dataset, canSqlLab = false }: { dataset: ExploreDataset; canSqlLab?: boolean }) {
  const [search, setSearch] = useState("");
  const { t } = useTranslation();
  const q = search.trim().toLowerCase();
  const match = (...names: (string | null)[]) => !q || names.some((n) => n?.toLowerCase().includes(q));
  const metrics = dataset.metrics.filter((m) => match(m.metric_name, m.verbose_name));
  const columns = dataset.columns.filter((c) => match(c.column_name, c.verbose_name));
  return (
    <Stack gap="xs" h="100%" data-testid="dataset-pane">
      <Group justify="space-between" wrap="nowrap">
        <Title order={5} data-testid="dataset-name">{dataset.table_name}</Title>
        <DatasetMenu dataset={dataset} canSqlLab={canSqlLab} />
      </Group>
      <Text size="xs" c="dimmed">{dataset.database.database_name}</Text>
      <TextInput size="xs" placeholder={t("Search Metrics & Columns")} value={search} onChange={(e) => setSearch(e.currentTarget.value)} aria-label={t("Search Metrics & Columns")} />
      <ScrollArea style={{ flex: 1 }}>
        <Text size="xs" fw={700} mt="xs">{t("Metrics ({{shown}} of {{number}})", { shown: metrics.length, number: dataset.metrics.length })}</Text>
        {metrics.map((m) => (
          <Tooltip key={m.metric_name} label={m.expression} openDelay={400}>
            <Group gap={6} py={2} wrap="nowrap" data-testid="dataset-metric" style={{ cursor: "grab" }} {...dragProps("metric", m.metric_name)}>
              <Badge size="xs" variant="light" color="grape" w={44} tt="none">ƒ</Badge>
              <Text size="sm" truncate>{m.verbose_name || m.metric_name}</Text>
            </Group>
          </Tooltip>
        ))}
        <Text size="xs" fw={700} mt="sm">{t("Columns ({{shown}} of {{number}})", { shown: columns.length, number: dataset.columns.length })}</Text>
        {columns.map((c) => (
          <Group key={c.column_name} gap={6} py={2} wrap="nowrap" data-testid="dataset-column" style={{ cursor: "grab" }} {...dragProps("column", c.column_name)}>
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
