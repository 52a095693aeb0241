import { IconCopy, IconX } from "@tabler/icons-react";
import { ActionIcon, Anchor, Group, Table as MTable, Tabs, Text } from "@mantine/core";
import { useSnapshot } from "valtio";
import { queriesOfEditor } from "../../../core/sqllab/queries";
import { tablesOfEditor } from "../../../core/sqllab/tables";
import type { Query, QueryEditor, Table } from "../../../core/sqllab/types";
import { QueryStateBadge } from "./QueryStateBadge";
import { ResultSet } from "./ResultSet";
import { apply, sqlLabStore } from "./store";
import { cloneToNewTab, removeQueryFromTab } from "./tab-actions";
import { refreshPreview } from "./table-actions";
import { useTranslation } from "../../i18n/react";

// The south pane: Results of the tab's latest run, its Query history, and one tab per table
// preview. The active pane tab is remembered in the store (activeSouthPaneTab).

export function SouthPane({ editor, height, canExport }: { editor: QueryEditor; height: number; canExport: boolean }) {
  const snap = useSnapshot(sqlLabStore);
  const state = snap.state as typeof sqlLabStore.state;
  const latest = editor.latestQueryId ? state.queries[editor.latestQueryId] : undefined;
  const history = queriesOfEditor(state, editor.id);
  const previews = tablesOfEditor(state, editor.id).filter((p) => p.dataPreviewQueryId);
  const tabIds = ["Results", "History", ...previews.map((p) => p.id)];
  const active = tabIds.includes(state.activeSouthPaneTab) ? state.activeSouthPaneTab : "Results";
  const gridHeight = Math.max(120, height - 90);
  const { t } = useTranslation();
  return (
    <Tabs value={active} onChange={(v) => v && apply((s) => ({ ...s, activeSouthPaneTab: v }))} keepMounted={false} data-testid="south-pane">
      <Tabs.List>
        <Tabs.Tab value="Results">{t("Results")}</Tabs.Tab>
        <Tabs.Tab value="History">{t("Query history")}</Tabs.Tab>
        {previews.map((p) => (
          <Tabs.Tab key={p.id} value={p.id} data-testid="preview-tab">{t("Preview: `{{name}}`", { name: `${p.schema ? `${p.schema}.` : ""}${p.name}` })}</Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="Results" pt="xs">
        {latest ? <ResultSet query={latest} height={gridHeight} canExport={canExport} /> : <Text size="sm" c="dimmed">{t("Run a query to display results")}</Text>}
      </Tabs.Panel>
      <Tabs.Panel value="History" pt="xs">
        <QueryHistory queries={history} />
      </Tabs.Panel>
      {previews.map((p) => (
        <Tabs.Panel key={p.id} value={p.id} pt="xs">
          <PreviewPanel table={p} height={gridHeight} canExport={canExport} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function PreviewPanel({ table, height, canExport }: { table: Table; height: number; canExport: boolean }) {
  const snap = useSnapshot(sqlLabStore);
  const { t } = useTranslation();
  const query = table.dataPreviewQueryId ? (snap.state.queries[table.dataPreviewQueryId] as Query | undefined) : undefined;
  if (!query) {
    return <Anchor size="sm" onClick={() => refreshPreview(table)}>{t("Run the data preview again")}</Anchor>;
  }
  return <ResultSet query={query} height={height} canExport={canExport} showActions={false} />;
}

function QueryHistory({ queries }: { queries: Query[] }) {
  const { t } = useTranslation();
  if (!queries.length) return <Text size="sm" c="dimmed">{t("No query history yet...")}</Text>;
  return (
    <MTable striped highlightOnHover data-testid="query-history">
      <MTable.Thead>
        <MTable.Tr>
          <MTable.Th>{t("State")}</MTable.Th>
          <MTable.Th>{t("Started")}</MTable.Th>
          <MTable.Th>{t("Rows")}</MTable.Th>
          <MTable.Th>{t("SQL")}</MTable.Th>
          <MTable.Th>{t("Actions")}</MTable.Th>
        </MTable.Tr>
      </MTable.Thead>
      <MTable.Tbody>
        {queries.map((q) => (
          <MTable.Tr key={q.id}>
            <MTable.Td><QueryStateBadge query={q} /></MTable.Td>
            <MTable.Td>{new Date(q.startDttm).toISOString().replace("T", " ").slice(0, 19)}</MTable.Td>
            <MTable.Td>{q.rows ?? ""}</MTable.Td>
            <MTable.Td><Text size="xs" ff="monospace" lineClamp={2}>{q.sql}</Text></MTable.Td>
            <MTable.Td>
              <Group gap={4} wrap="nowrap">
                <ActionIcon size="sm" variant="subtle" aria-label={t("Open query in a new tab")} title={t("Open query in a new tab")} onClick={() => void cloneToNewTab(q)}><IconCopy size={14} aria-hidden /></ActionIcon>
                <ActionIcon size="sm" variant="subtle" aria-label={t("Remove query from log")} title={t("Remove query from log")} onClick={() => void removeQueryFromTab(q)}><IconX size={14} aria-hidden /></ActionIcon>
              </Group>
            </MTable.Td>
          </MTable.Tr>
        ))}
      </MTable.Tbody>
    </MTable>
  );
}
