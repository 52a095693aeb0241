import { useState } from "react";
import { ActionIcon, Anchor, Badge, Button, Checkbox, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { FilterForm, ResultCount, UrlPagination } from "../../components/ListFilters";
import { apiCall } from "../../components/api-call";
import { showToast } from "../../components/toast-store";
import type { RootData } from "../../root";
import { requirePermission } from "../../auth.server";
import { dashboardsPageQuery, loadDashboardsPage } from "./dashboards.server";
import { can } from "../../../core/security/permissions";
import { ExportButton, ImportBundleButton } from "../../features/bundles/ImportBundleButton";

export const meta: MetaFunction = () => [{ title: "Dashboards · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Dashboard"]);
  const query = dashboardsPageQuery(new URL(request.url).searchParams);
  return { query, canImport: can(principal, "can_write", "Dashboard"), ...(await loadDashboardsPage(context, principal, query)) };
}

function Star({ id, on, csrfToken }: { id: number; on: boolean; csrfToken: string | null }) {
  const [starred, setStarred] = useState(on);
  const toggle = async () => {
    const res = await apiCall(starred ? "DELETE" : "POST", `/api/v1/dashboard/${id}/favorites/`, csrfToken);
    if (res.ok) setStarred(!starred);
    else showToast("danger", res.message);
  };
  return (
    <ActionIcon variant="subtle" color={starred ? "yellow" : "gray"} onClick={() => void toggle()} aria-pressed={starred}
      aria-label={starred ? "Unselect as favorite" : "Select as favorite"} data-testid="dashboard-favorite">
      {starred ? "★" : "☆"}
    </ActionIcon>
  );
}

/** Superset's Dashboards list: search by title or slug, published/draft and favourite filters, stars, delete. */
export default function DashboardsList() {
  const { query, count, dashboards, pageSize, canImport } = useLoaderData<typeof loader>();
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  const pages = Math.max(1, Math.ceil(count / pageSize));

  async function confirmDelete() {
    if (!deleting) return;
    const res = await apiCall("DELETE", `/api/v1/dashboard/${deleting.id}`, csrfToken);
    if (!res.ok) showToast("danger", `There was an issue deleting ${deleting.title}: ${res.message}`);
    else showToast("success", `Deleted: ${deleting.title}`);
    setDeleting(null);
    revalidator.revalidate();
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Dashboards</Title>
        {canImport && <ImportBundleButton resource="dashboard" />}
      </Group>
      <FilterForm formKey={`${query.search}|${query.status}|${query.favorite}`} active={Boolean(query.search || query.status || query.favorite)}>
        <TextInput label="Search" name="search" defaultValue={query.search} placeholder="Title or slug" w={240} data-testid="dashboard-search" />
        <Select label="Status" name="status" data={[{ value: "published", label: "Published" }, { value: "draft", label: "Draft" }]}
          defaultValue={query.status || null} placeholder="Any" clearable w={160} data-testid="dashboard-filter-status" />
        <Checkbox label="Favorite" name="favorite" value="1" defaultChecked={query.favorite} mb={8} data-testid="dashboard-filter-favorite" />
      </FilterForm>
      <ResultCount count={count} singular="dashboard" plural="dashboards" testId="dashboard-count" />
      <Table striped highlightOnHover data-testid="dashboard-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            <Table.Th>Title</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Owners</Table.Th>
            <Table.Th>Last modified</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dashboards.length === 0 && (
            <Table.Tr><Table.Td colSpan={6}><Text c="dimmed">No dashboards match.</Text></Table.Td></Table.Tr>
          )}
          {dashboards.map((d) => (
            <Table.Tr key={d.id} data-testid="dashboard-row">
              <Table.Td><Star id={d.id} on={d.isFavorite} csrfToken={csrfToken} /></Table.Td>
              <Table.Td><Anchor component={Link} to={d.url}>{d.title}</Anchor></Table.Td>
              <Table.Td><Badge variant="light" color={d.published ? "teal" : "gray"}>{d.published ? "Published" : "Draft"}</Badge></Table.Td>
              <Table.Td>{d.owners.length ? d.owners.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ") : "—"}</Table.Td>
              <Table.Td>{d.changed_on_delta_humanized}</Table.Td>
              <Table.Td>
                <ExportButton resource="dashboard" id={d.id} name={d.title} />
                {d.canDelete && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting({ id: d.id, title: d.title })} data-testid="dashboard-delete">Delete</Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <UrlPagination page={query.page} pages={pages} />
      {deleting && (
        <Modal opened onClose={() => setDeleting(null)} title="Please confirm">
          <Stack>
            <Text>Are you sure you want to delete <b>{deleting.title}</b>?</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>Cancel</Button>
              <Button color="red" onClick={() => void confirmDelete()} data-testid="confirm-delete">Delete</Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
