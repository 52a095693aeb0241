import { SearchFilter, ResultCount, UrlPagination } from "../../components/ListFilters";
import { emptyListText } from "../../../core/security/database-visibility";
import { useState } from "react";
import { Badge, Button, Group, Modal, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { showToast } from "../../components/toast-store";
import type { RootData } from "../../root";
import { databaseApi } from "./database-api";
import { DatabaseFormModal } from "./DatabaseFormModal";
import { databasesPageQuery, loadDatabasesPage } from "./databases.server";
import { ExportButton, ImportBundleButton } from "../../features/bundles/ImportBundleButton";

export const meta: MetaFunction = () => [{ title: "Databases · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const me = requirePermission(context, request, ["can_read", "Database"]);
  const query = databasesPageQuery(new URL(request.url).searchParams);
  return { query, ...(await loadDatabasesPage(context, me, query)) };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["databases"][number];

const Flag = ({ on, name }: { on: boolean; name: string }) => (
  <Badge variant="light" color={on ? "teal" : "gray"} data-testid={`flag-${name}`}>
    {on ? "Yes" : "No"}
  </Badge>
);

/** Superset's Databases list: search, connect, edit and delete databases (writes need can_write Database). */
export default function DatabaseList() {
  const { query, count, databases, pageSize, canWrite, hasDataAccess } = useLoaderData<typeof loader>();
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const pages = Math.max(1, Math.ceil(count / pageSize));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Databases</Title>
        {canWrite && (
          <Group gap="sm">
            <ImportBundleButton resource="database" />
            <Button onClick={() => setEditing("new")} data-testid="add-database">
              + Database
            </Button>
          </Group>
        )}
      </Group>
      <SearchFilter value={query.search} placeholder="Database name" testId="databases-search" />
      <ResultCount count={count} singular="database" plural="databases" testId="databases-count" />
      <Table striped highlightOnHover data-testid="databases-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Backend</Table.Th>
            <Table.Th>Asynchronous query execution</Table.Th>
            <Table.Th>Allow DML</Table.Th>
            <Table.Th>Expose in SQL Lab</Table.Th>
            <Table.Th>Created by</Table.Th>
            <Table.Th>Last modified</Table.Th>
            {canWrite && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {databases.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text c="dimmed" data-testid={hasDataAccess ? "databases-empty" : "no-data-access"}>{emptyListText("databases", { filtered: Boolean(query.search), hasDataAccess })}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {databases.map((d) => (
            <Table.Tr key={d.id} data-testid={`database-row-${d.database_name}`}>
              <Table.Td>{d.database_name}</Table.Td>
              <Table.Td>{d.backend}</Table.Td>
              <Table.Td>
                <Flag on={d.allow_run_async} name="async" />
              </Table.Td>
              <Table.Td>
                <Flag on={d.allow_dml} name="dml" />
              </Table.Td>
              <Table.Td>
                <Flag on={d.expose_in_sqllab} name="sqllab" />
              </Table.Td>
              <Table.Td>{d.created_by ?? ""}</Table.Td>
              <Table.Td title={d.changed_on ?? undefined}>{d.changed_on_delta_humanized ?? ""}</Table.Td>
              {canWrite && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ExportButton resource="database" id={d.id} name={d.database_name} />
                    <Button size="xs" variant="default" onClick={() => setEditing(d.id)}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(d)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <UrlPagination pages={pages} page={query.page} />
      {editing !== null && (
        <DatabaseFormModal
          databaseId={editing === "new" ? null : editing}
          csrfToken={csrfToken}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            revalidator.revalidate();
          }}
        />
      )}
      {deleting && (
        <DeleteDatabaseModal
          database={deleting}
          csrfToken={csrfToken}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            revalidator.revalidate();
          }}
        />
      )}
    </Stack>
  );
}

function DeleteDatabaseModal({
  database,
  csrfToken,
  onClose,
  onDeleted,
}: {
  database: Row;
  csrfToken: string | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    const res = await databaseApi("DELETE", `/api/v1/database/${database.id}`, csrfToken);
    setBusy(false);
    if (!res.ok) {
      // e.g. 422 "There are 2 datasets associated with this database"
      showToast("danger", res.message);
      onClose();
      return;
    }
    showToast("success", `Database ${database.database_name} was deleted`);
    onDeleted();
  }
  return (
    <Modal opened onClose={onClose} title="Delete database?">
      <Stack>
        <Text>
          The database <b>{database.database_name}</b> will be deleted, and with it the saved queries written for it. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={busy} data-testid="confirm-delete">
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
