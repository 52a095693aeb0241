import { IconEye, IconLink, IconPencil, IconTrash } from "@tabler/icons-react";
import { ActionIcon, Anchor, Button, Checkbox, Code, Group, HoverCard, Pagination, Stack, Table, Text, TextInput, Title, UnstyledButton } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { can } from "../../../core/security/permissions";
import {
  SAVED_QUERY_PAGE_SIZE, savedQueryFiltersFromParams, savedQueryLink, savedQueryListQuery, scheduleFieldsOf, type SavedQuerySort,
} from "../../../core/sqllab/saved-query-list";
import { requirePermission } from "../../auth.server";
import type { RootData } from "../../root";
import { setCsrfToken } from "../../features/sqllab/api";
import { copyText } from "../../features/sqllab/clipboard";
import { savedQueriesApi, userName, useListLoader, type SavedQueryItem } from "../../features/sqllab/list-api";
import { ConfirmDelete, EditModal, LastRunBadge, PreviewModal } from "./SavedQueryModals";
import { ExportButton, ImportBundleButton } from "../../features/bundles/ImportBundleButton";
import { deleteSavedQueries, deleteSavedQuery, updateSavedQuery } from "./saved-query-actions";

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
  const [params, setParams] = useSearchParams();
  const filters = savedQueryFiltersFromParams(params);
  const list = useListLoader(JSON.stringify(filters), () => savedQueriesApi.list(savedQueryListQuery(filters)));
  const items = list.data?.result ?? [];
  const count = list.data?.count ?? 0;
  const [bulk, setBulk] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [preview, setPreview] = useState<number | null>(null);
  const [editing, setEditing] = useState<SavedQueryItem | null>(null);
  const [deleting, setDeleting] = useState<SavedQueryItem[] | null>(null);
  const setParam = (changes: Record<string, string | null>) =>
    setParams((prev) => {
      for (const [k, v] of Object.entries(changes)) {
        if (v) prev.set(k, v);
        else prev.delete(k);
      }
      return prev;
    });
  const sortBy = (sort: SavedQuerySort) =>
    setParam({ sort, direction: filters.sort === sort && filters.direction === "desc" ? "asc" : "desc", page: null });
  const sortMark = (sort: SavedQuerySort) => (filters.sort === sort ? (filters.direction === "asc" ? " ▲" : " ▼") : "");
  const confirmDelete = async () => {
    const gone = deleting ?? [];
    const ok = gone.length === 1 && !bulk ? await deleteSavedQuery(gone[0]) : await deleteSavedQueries(gone.map((g) => g.id));
    setDeleting(null);
    if (!ok) return;
    setSelected([]);
    void list.reload();
  };
  const pages = Math.max(1, Math.ceil(count / SAVED_QUERY_PAGE_SIZE));
  const allOnPage = items.length > 0 && items.every((i) => selected.includes(i.id));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Saved queries</Title>
        <Group gap="xs">
          {canWrite ? (
            <Button variant={bulk ? "filled" : "default"} onClick={() => (setBulk(!bulk), setSelected([]))} data-testid="bulk-select">
              {bulk ? "Cancel bulk select" : "Bulk select"}
            </Button>
          ) : null}
          {canWrite ? <ImportBundleButton resource="saved_query" /> : null}
          {canSqlLab ? <Button component="a" href="/sqllab/">+ Query</Button> : null}
        </Group>
      </Group>
      <Form method="get" key={filters.search}>
        <Group align="end">
          <TextInput label="Search" name="search" defaultValue={filters.search} placeholder="Name, description, schema or SQL" w={320} data-testid="saved-query-search" />
          <Button type="submit">Search</Button>
          {filters.search ? <Button variant="subtle" onClick={() => setParams({})}>Clear</Button> : null}
        </Group>
      </Form>
      <Group justify="space-between">
        <Text c="dimmed" size="sm" data-testid="saved-query-count">{list.loading && !list.data ? "Loading…" : count === 1 ? "1 saved query" : `${count} saved queries`}</Text>
        {bulk ? (
          <Group gap="xs">
            <Text size="sm">{`${selected.length} selected`}</Text>
            <Button size="xs" color="red" disabled={!selected.length} onClick={() => setDeleting(items.filter((i) => selected.includes(i.id)))} data-testid="bulk-delete">Delete</Button>
          </Group>
        ) : null}
      </Group>
      {list.error ? <Text c="red" size="sm">{list.error}</Text> : null}
      <Table striped highlightOnHover data-testid="saved-query-table">
        <Table.Thead>
          <Table.Tr>
            {bulk ? <Table.Th><Checkbox aria-label="Select all" checked={allOnPage} onChange={() => setSelected(allOnPage ? [] : items.map((i) => i.id))} /></Table.Th> : null}
            <Table.Th><UnstyledButton onClick={() => sortBy("label")}>{`Name${sortMark("label")}`}</UnstyledButton></Table.Th>
            <Table.Th>Database</Table.Th>
            <Table.Th><UnstyledButton onClick={() => sortBy("schema")}>{`Schema${sortMark("schema")}`}</UnstyledButton></Table.Th>
            <Table.Th>SQL</Table.Th>
            <Table.Th>Schedule</Table.Th>
            <Table.Th><UnstyledButton onClick={() => sortBy("created_on")}>{`Created on${sortMark("created_on")}`}</UnstyledButton></Table.Th>
            <Table.Th><UnstyledButton onClick={() => sortBy("changed_on")}>{`Modified${sortMark("changed_on")}`}</UnstyledButton></Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!list.loading && items.length === 0 ? (
            <Table.Tr><Table.Td colSpan={bulk ? 10 : 9}><Text c="dimmed">No saved queries yet.</Text></Table.Td></Table.Tr>
          ) : null}
          {items.map((item, index) => {
            const schedule = scheduleFieldsOf(item.extra_json);
            return (
              <Table.Tr key={item.id} data-testid="saved-query-row" data-label={item.label}>
                {bulk ? (
                  <Table.Td>
                    <Checkbox aria-label={`Select ${item.label}`} checked={selected.includes(item.id)} onChange={() => setSelected(selected.includes(item.id) ? selected.filter((s) => s !== item.id) : [...selected, item.id])} />
                  </Table.Td>
                ) : null}
                <Table.Td>{canSqlLab ? <Anchor href={`/sqllab/?savedQueryId=${item.id}`}>{item.label}</Anchor> : item.label}</Table.Td>
                <Table.Td>{item.database?.database_name ?? "—"}</Table.Td>
                <Table.Td>{item.schema ?? "—"}</Table.Td>
                <Table.Td maw={320}>
                  <HoverCard width={480} position="bottom-start" openDelay={200} withinPortal>
                    <HoverCard.Target>
                      <Text size="xs" ff="monospace" lineClamp={2} style={{ cursor: "pointer" }} onClick={() => setPreview(index)} data-testid="saved-query-sql">{item.sql}</Text>
                    </HoverCard.Target>
                    <HoverCard.Dropdown>
                      <Code block style={{ maxHeight: 320, overflow: "auto", whiteSpace: "pre-wrap" }}>{item.sql}</Code>
                    </HoverCard.Dropdown>
                  </HoverCard>
                </Table.Td>
                <Table.Td>
                  {schedule ? <Stack gap={2}><Code>{schedule.crontab}</Code><LastRunBadge extraJson={item.extra_json} /></Stack> : "—"}
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{(item.created_on ?? "").slice(0, 10)}</Table.Td>
                <Table.Td>{item.changed_on_delta_humanized ?? ""}</Table.Td>
                <Table.Td>{userName(item.created_by)}</Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Preview ${item.label}`} title="Query preview" onClick={() => setPreview(index)}><IconEye size={16} aria-hidden /></ActionIcon>
                    {canWrite ? <ActionIcon variant="subtle" aria-label={`Edit ${item.label}`} title="Edit query" onClick={() => setEditing(item)}><IconPencil size={16} aria-hidden /></ActionIcon> : null}
                    <ExportButton resource="saved_query" id={item.id} name={item.label} />
                    <ActionIcon variant="subtle" aria-label={`Copy link to ${item.label}`} title="Copy query URL" onClick={() => void copyText(savedQueryLink(location.origin, item.id))}><IconLink size={16} aria-hidden /></ActionIcon>
                    {canWrite ? <ActionIcon variant="subtle" color="red" aria-label={`Delete ${item.label}`} title="Delete query" onClick={() => setDeleting([item])}><IconTrash size={16} aria-hidden /></ActionIcon> : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {pages > 1 ? <Pagination total={pages} value={filters.page} onChange={(p) => setParam({ page: String(p) })} /> : null}
      <PreviewModal items={items} index={preview} onIndex={setPreview} onClose={() => setPreview(null)} />
      <EditModal item={editing} onClose={() => setEditing(null)} onSave={async (edit) => {
        const ok = editing ? await updateSavedQuery(editing, edit) : false;
        if (ok) void list.reload();
        return ok;
      }} />
      <ConfirmDelete
        opened={deleting !== null}
        text={deleting?.length === 1 ? `Are you sure you want to delete ${deleting[0].label}?` : `Are you sure you want to delete the ${deleting?.length ?? 0} selected queries?`}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
