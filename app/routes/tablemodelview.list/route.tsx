import { FilterForm, ResultCount, UrlPagination } from "../../components/ListFilters";
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { RootData } from "../../root";
import { DeleteDatasetModal } from "./DeleteDatasetModal";
import { requirePermission } from "../../auth.server";
import { can } from "../../../core/security/permissions";
import { emptyListText, hasAnyDataAccess } from "../../../core/security/database-visibility";
import { ExportButton, ImportBundleButton } from "../../features/bundles/ImportBundleButton";
import { datasetsPageQuery, loadDatasetsPage } from "./datasets.server";

export const meta: MetaFunction = () => [{ title: "Datasets · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Dataset"]);
  const query = datasetsPageQuery(new URL(request.url).searchParams);
  return {
    query,
    canWrite: can(principal, "can_write", "Dataset"),
    hasDataAccess: hasAnyDataAccess(principal),
    ...(await loadDatasetsPage(context, principal, query)),
  };
}

/** Superset's Datasets list: search by name, filter by database and schema, open one to edit it. */
export default function DatasetsList() {
  const { query, count, datasets, databases, pageSize, canWrite, hasDataAccess } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const filtered = Boolean(query.search || query.database || query.schema);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<{ id: number; table_name: string } | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Datasets</Title>
        {canWrite && (
          <Group gap="sm">
            <ImportBundleButton resource="dataset" />
            <Button component={Link} to="/dataset/add/" data-testid="add-dataset">
              + Dataset
            </Button>
          </Group>
        )}
      </Group>
      <FilterForm formKey={`${query.search}|${query.database}|${query.schema}`} active={Boolean(filtered)}>
        <TextInput label="Name" name="search" defaultValue={query.search} placeholder="Type a value" w={240} data-testid="dataset-search" />
        <Select
          label="Database"
          name="database"
          data={databases.map((d) => ({
            value: String(d.id),
            label: d.database_name,
          }))}
          defaultValue={query.database ? String(query.database) : null}
          placeholder="Any database"
          clearable
          w={200}
          data-testid="dataset-filter-database"
        />
        <TextInput
          label="Schema"
          name="schema"
          defaultValue={query.schema}
          placeholder="Any schema"
          w={160}
          data-testid="dataset-filter-schema"
        />
      </FilterForm>
      <ResultCount count={count} singular="dataset" plural="datasets" testId="dataset-count" />
      <Table striped highlightOnHover data-testid="dataset-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Database</Table.Th>
            <Table.Th>Schema</Table.Th>
            <Table.Th>Owners</Table.Th>
            <Table.Th>Last modified</Table.Th>
            {canWrite && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {datasets.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={canWrite ? 7 : 6}>
                <Text c="dimmed" data-testid="datasets-empty">{emptyListText("datasets", { filtered, hasDataAccess })}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {datasets.map((d) => (
            <Table.Tr key={d.id} data-testid={`dataset-row-${d.table_name}`}>
              <Table.Td>
                {canWrite ? (
                  <Anchor component={Link} to={`/tablemodelview/edit/${d.id}`}>
                    {d.table_name}
                  </Anchor>
                ) : (
                  d.table_name
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={d.kind === "virtual" ? "grape" : "blue"}>
                  {d.kind === "virtual" ? "Virtual" : "Physical"}
                </Badge>
              </Table.Td>
              <Table.Td>{d.database.database_name}</Table.Td>
              <Table.Td>{d.schema ?? "—"}</Table.Td>
              <Table.Td>{d.owners.length ? d.owners.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ") : "—"}</Table.Td>
              <Table.Td>{d.changed_on_delta_humanized}</Table.Td>
              {canWrite && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ExportButton resource="dataset" id={d.id} name={d.table_name} />
                    <Anchor component={Link} to={`/tablemodelview/edit/${d.id}`} data-testid={`edit-dataset-${d.table_name}`}>
                      Edit
                    </Anchor>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(d)} data-testid={`delete-dataset-${d.table_name}`}>
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
      {deleting && (
        <DeleteDatasetModal
          dataset={deleting}
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
