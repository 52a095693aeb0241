import { IconEye, IconHistory, IconLink, IconPencil, IconTrash } from "@tabler/icons-react";
import { ActionIcon, Anchor, Button, Code, Group, HoverCard, Stack, Text } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { isFiltered, listQuery } from "../../../core/lists/list-url-state";
import { can } from "../../../core/security/permissions";
import { savedQueryLink, scheduleFieldsOf } from "../../../core/sqllab/saved-query-list";
import { requirePermission } from "../../auth.server";
import type { RootData } from "../../root";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { AsyncSelectFilter, TextFilter } from "../../components/list-view/filters";
import { tagOptions } from "../../components/list-view/options";
import { TagBadges } from "../../features/tags/TagBadges";
import { useBulkSelection } from "../../components/list-view/useBulkSelection";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import { setCsrfToken } from "../../features/sqllab/api";
import { copyText } from "../../features/sqllab/clipboard";
import { savedQueriesApi, userName, useListLoader, type SavedQueryItem } from "../../features/sqllab/list-api";
import { SAVED_QUERY_LIST } from "./list-config";
import { ConfirmDelete, EditModal, LastRunBadge, PreviewModal } from "./SavedQueryModals";
import { ExportButton, ImportBundleButton } from "../../features/bundles/ImportBundleButton";
import { deleteSavedQueries, deleteSavedQuery, updateSavedQuery } from "./saved-query-actions";

const HistoryModal = lazy(() => import("../../features/history/HistoryModal").then((m) => ({ default: m.HistoryModal })));

export const meta: MetaFunction = () => [{ title: "Saved queries · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "SavedQuery"]);
  return { canWrite: can(principal, "can_write", "SavedQuery"), canSqlLab: can(principal, "can_sqllab", "Superset") };
}

/** Superset's Saved queries list: the caller's saved queries, searchable, with preview, edit, share and delete. */
export default function SavedQueriesPage() {
  const { canWrite, canSqlLab } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  useEffect(() => setCsrfToken(root?.csrfToken ?? null), [root?.csrfToken]);
  const list = useListUrlState(SAVED_QUERY_LIST);
  const query = listQuery(list.state, SAVED_QUERY_LIST);
  const loaded = useListLoader(JSON.stringify(query), () => savedQueriesApi.list(query));
  const items = loaded.data?.result ?? [];
  const selection = useBulkSelection(canWrite ? items.map((i) => i.id) : []);
  const [preview, setPreview] = useState<number | null>(null);
  const [editing, setEditing] = useState<SavedQueryItem | null>(null);
  const [history, setHistory] = useState<SavedQueryItem | null>(null);
  const [deleting, setDeleting] = useState<{ items: SavedQueryItem[]; bulk: boolean } | null>(null);
  const set = (key: string) => (value: string | null) => list.setFilter(key, value);
  const confirmDelete = async () => {
    if (!deleting) return;
    const gone = deleting.items;
    const ok = deleting.bulk ? await deleteSavedQueries(gone.map((g) => g.id)) : await deleteSavedQuery(gone[0]);
    setDeleting(null);
    if (!ok) return;
    selection.setEnabled(false);
    void loaded.reload();
  };
  return (
    <>
      <ListView title="Saved queries" noun={["saved query", "saved queries"]} count={loaded.data?.count ?? 0} countTestId="saved-query-count"
        loading={loaded.loading && !loaded.data} error={loaded.error}
        page={list.state.page} pageSize={SAVED_QUERY_LIST.pageSize} onPage={list.setPage}
        filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={<Group gap="sm">{canWrite && <ImportBundleButton resource="saved_query" />}{canSqlLab && <Button component="a" href="/sqllab/">+ Query</Button>}</Group>}
        bulk={{
          selection, available: canWrite && items.length > 0,
          actions: (
            <Button size="xs" color="red" disabled={!selection.selected.length} data-testid="bulk-delete"
              onClick={() => setDeleting({ items: items.filter((i) => selection.isSelected(i.id)), bulk: true })}>Delete</Button>
          ),
        }}
        filters={
          <>
            <TextFilter label="Search" value={list.state.filters.search ?? ""} placeholder="Name, description, schema or SQL" onApply={set("search")} testId="saved-query-search" />
            <TextFilter label="Schema" value={list.state.filters.schema ?? ""} onApply={set("schema")} testId="saved-query-filter-schema" />
            <AsyncSelectFilter label="Tag" value={list.state.filters.tag} fetchOptions={tagOptions} onChange={set("tag")} testId="saved-query-filter-tag" />
          </>
        }>
        <ListTable testId="saved-query-table" rows={items} rowTestId={() => "saved-query-row"} rowAttrs={(i) => ({ "data-label": i.label })}
          sort={list.state.sort} onSort={list.sortBy} selection={selection} rowLabel={(i) => i.label}
          columns={[
            { key: "name", header: "Name", sortColumn: "label", cell: (i) => (canSqlLab ? <Anchor href={`/sqllab/?savedQueryId=${i.id}`}>{i.label}</Anchor> : i.label) },
            { key: "database", header: "Database", cell: (i) => i.database?.database_name ?? "—" },
            { key: "schema", header: "Schema", sortColumn: "schema", cell: (i) => i.schema ?? "—" },
            { key: "sql", header: "SQL", maxWidth: 320, cell: (i) => (
              <HoverCard width={480} position="bottom-start" openDelay={200} withinPortal>
                <HoverCard.Target>
                  <Text size="xs" ff="monospace" lineClamp={2} style={{ cursor: "pointer" }} onClick={() => setPreview(items.indexOf(i))} data-testid="saved-query-sql">{i.sql}</Text>
                </HoverCard.Target>
                <HoverCard.Dropdown>
                  <Code block style={{ maxHeight: 320, overflow: "auto", whiteSpace: "pre-wrap" }}>{i.sql}</Code>
                </HoverCard.Dropdown>
              </HoverCard>
            ) },
            { key: "schedule", header: "Schedule", cell: (i) => {
              const schedule = scheduleFieldsOf(i.extra_json);
              return schedule ? <Stack gap={2}><Code>{schedule.crontab}</Code><LastRunBadge extraJson={i.extra_json} /></Stack> : "—";
            } },
            { key: "created", header: "Created on", sortColumn: "created_on", nowrap: true, cell: (i) => (i.created_on ?? "").slice(0, 10) },
            { key: "changed", header: "Modified", sortColumn: "changed_on", cell: (i) => i.changed_on_delta_humanized ?? "" },
            { key: "owner", header: "Owner", cell: (i) => userName(i.created_by) },
            { key: "tags", header: "Tags", cell: (i) => <TagBadges tags={i.tags ?? []} /> },
            { key: "actions", header: "Actions", cell: (i) => (
              <Group gap={2} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Preview ${i.label}`} title="Query preview" onClick={() => setPreview(items.indexOf(i))}><IconEye size={16} aria-hidden /></ActionIcon>
                {canWrite ? <ActionIcon variant="subtle" aria-label={`Edit ${i.label}`} title="Edit query" onClick={() => setEditing(i)}><IconPencil size={16} aria-hidden /></ActionIcon> : null}
                <ActionIcon variant="subtle" aria-label={`History of ${i.label}`} title="History" onClick={() => setHistory(i)}><IconHistory size={16} aria-hidden /></ActionIcon>
                <ExportButton resource="saved_query" id={i.id} name={i.label} />
                <ActionIcon variant="subtle" aria-label={`Copy link to ${i.label}`} title="Copy query URL" onClick={() => void copyText(savedQueryLink(location.origin, i.id))}><IconLink size={16} aria-hidden /></ActionIcon>
                {canWrite ? <ActionIcon variant="subtle" color="red" aria-label={`Delete ${i.label}`} title="Delete query" onClick={() => setDeleting({ items: [i], bulk: false })}><IconTrash size={16} aria-hidden /></ActionIcon> : null}
              </Group>
            ) },
          ]} />
      </ListView>
      <PreviewModal items={items} index={preview} onIndex={setPreview} onClose={() => setPreview(null)} />
      <EditModal item={editing} onClose={() => setEditing(null)} onSave={async (edit) => {
        const ok = editing ? await updateSavedQuery(editing, edit) : false;
        if (ok) void loaded.reload();
        return ok;
      }} />
      {history && (
        <Suspense fallback={null}>
          <HistoryModal type="saved_query" id={history.id} canRestore={canWrite} csrfToken={root?.csrfToken ?? null} onClose={() => setHistory(null)}
            onRestored={() => {
              setHistory(null);
              void loaded.reload();
            }} />
        </Suspense>
      )}
      <ConfirmDelete
        opened={deleting !== null}
        text={deleting?.items.length === 1 && !deleting.bulk ? `Are you sure you want to delete ${deleting.items[0].label}?` : `Are you sure you want to delete the ${deleting?.items.length ?? 0} selected queries?`}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
