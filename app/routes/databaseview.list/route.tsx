import { emptyListText } from "../../../core/security/database-visibility";
import { isFiltered, parseListUrlState } from "../../../core/lists/list-url-state";
import { useState } from "react";
import { Badge, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { ExportButton, ImportBundleButton } from "../../features/bundles/ImportBundleButton";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { showToast } from "../../components/toast-store";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { TextFilter } from "../../components/list-view/filters";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import type { RootData } from "../../root";
import { databaseApi } from "./database-api";
import { DatabaseFormModal } from "./DatabaseFormModal";
import { loadDatabasesPage } from "./databases.server";
import { DATABASE_LIST } from "./list-config";

export const meta: MetaFunction = () => [{ title: "Databases · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const me = requirePermission(context, request, ["can_read", "Database"]);
  return loadDatabasesPage(context, me, parseListUrlState(new URL(request.url).searchParams, DATABASE_LIST));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["databases"][number];

const Flag = ({ on, name }: { on: boolean; name: string }) => (
  <Badge variant="light" color={on ? "teal" : "gray"} data-testid={`flag-${name}`}>
    {on ? "Yes" : "No"}
  </Badge>
);

/** Superset's Databases list: search, sort, connect, edit and delete databases (writes need can_write Database). */
export default function DatabaseList() {
  const { count, databases, pageSize, canWrite, hasDataAccess } = useLoaderData<typeof loader>();
  const list = useListUrlState(DATABASE_LIST);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const filtered = isFiltered(list.state);

  return (
    <>
    <ListView title="Databases" noun={["database", "databases"]} count={count} countTestId="databases-count" page={list.state.page} pageSize={pageSize} onPage={list.setPage}
      filtered={filtered} onClearFilters={list.clearFilters}
      headerActions={canWrite && <Group gap="sm"><ImportBundleButton resource="database" /><Button onClick={() => setEditing("new")} data-testid="add-database">+ Database</Button></Group>}
      filters={<TextFilter label="Search" value={list.state.filters.search ?? ""} placeholder="Database name" onApply={(v) => list.setFilter("search", v)} testId="databases-search" />}
      emptyText={emptyListText("databases", { filtered, hasDataAccess })} emptyTestId={hasDataAccess ? "databases-empty" : "no-data-access"}>
      <ListTable testId="databases-table" rows={databases} rowTestId={(d) => `database-row-${d.database_name}`} sort={list.state.sort} onSort={list.sortBy}
        columns={[
          { key: "name", header: "Name", sortColumn: "database_name", cell: (d) => d.database_name },
          { key: "backend", header: "Backend", sortColumn: "backend", cell: (d) => d.backend },
          { key: "async", header: "Asynchronous query execution", sortColumn: "allow_run_async", cell: (d) => <Flag on={d.allow_run_async} name="async" /> },
          { key: "dml", header: "Allow DML", sortColumn: "allow_dml", cell: (d) => <Flag on={d.allow_dml} name="dml" /> },
          { key: "sqllab", header: "Expose in SQL Lab", sortColumn: "expose_in_sqllab", cell: (d) => <Flag on={d.expose_in_sqllab} name="sqllab" /> },
          { key: "created_by", header: "Created by", cell: (d) => d.created_by ?? "" },
          { key: "changed", header: "Last modified", sortColumn: "changed_on_delta_humanized", cell: (d) => <span title={d.changed_on ?? undefined}>{d.changed_on_delta_humanized ?? ""}</span> },
          canWrite && {
            key: "actions", header: "Actions", cell: (d) => (
              <Group gap="xs" wrap="nowrap">
                <ExportButton resource="database" id={d.id} name={d.database_name} />
                <Button size="xs" variant="default" onClick={() => setEditing(d.id)}>Edit</Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(d)}>Delete</Button>
              </Group>
            ),
          },
        ]} />
    </ListView>
      {editing !== null && (
        <DatabaseFormModal databaseId={editing === "new" ? null : editing} csrfToken={csrfToken} onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            revalidator.revalidate();
          }} />
      )}
      {deleting && (
        <DeleteDatabaseModal database={deleting} csrfToken={csrfToken} onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            revalidator.revalidate();
          }} />
      )}
    </>
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
