import { SearchFilter, ResultCount, UrlPagination } from "../../components/ListFilters";
import { useState } from "react";
import { Badge, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { showToast } from "../../components/toast-store";
import type { RootData } from "../../root";
import { adminCall } from "../../features/security-admin/admin-api";
import { UserFormModal, type EditableUser } from "./UserFormModal";
import { loadUsersPage, usersPageQuery } from "./users.server";

export const meta: MetaFunction = () => [{ title: "List Users · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const me = requirePermission(context, request, "admin");
  const query = usersPageQuery(new URL(request.url).searchParams);
  return { query, myId: me.id, ...(await loadUsersPage(context, query)) };
}

/** Superset's List Users: search, add, edit, deactivate and reactivate users, and assign their roles. */
export default function ListUsers() {
  const { query, myId, count, users, roles, pageSize } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const csrfToken = root?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<EditableUser | "new" | null>(null);
  const pages = Math.max(1, Math.ceil(count / pageSize));

  async function setActive(user: EditableUser, active: boolean) {
    const result = await adminCall("PUT", `/api/v1/security/users/${user.id}`, csrfToken, { active });
    if (!result.ok) {
      showToast("danger", result.message);
      return;
    }
    showToast("success", `User ${user.username} was ${active ? "activated" : "deactivated"}`);
    revalidator.revalidate();
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>List Users</Title>
        <Button onClick={() => setEditing("new")} data-testid="add-user">
          + User
        </Button>
      </Group>
      <SearchFilter value={query.search} placeholder="Username, name or email" testId="users-search" />
      <ResultCount count={count} singular="user" plural="users" testId="users-count" />
      <Table striped highlightOnHover data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Username</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last login (UTC)</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed">No users match.</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {users.map((u) => (
            <Table.Tr key={u.id} data-testid={`user-row-${u.username}`}>
              <Table.Td>{u.username}</Table.Td>
              <Table.Td>{`${u.first_name} ${u.last_name}`.trim()}</Table.Td>
              <Table.Td>{u.email}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {u.roles.map((r) => (
                    <Badge key={r.id} variant="light">
                      {r.name}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge color={u.active ? "green" : "gray"} data-testid="user-status">
                  {u.active ? "Active" : "Inactive"}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{u.last_login ? u.last_login.replace("T", " ").slice(0, 19) : "Never"}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => setEditing(u)}>
                    Edit
                  </Button>
                  {u.id !== myId && (
                    <Button size="xs" variant="subtle" color={u.active ? "red" : "teal"} onClick={() => setActive(u, !u.active)}>
                      {u.active ? "Deactivate" : "Activate"}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <UrlPagination pages={pages} page={query.page} />
      {editing && (
        <UserFormModal
          user={editing === "new" ? null : editing}
          roles={roles}
          csrfToken={csrfToken}
          isSelf={editing !== "new" && editing.id === myId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            revalidator.revalidate();
          }}
        />
      )}
    </Stack>
  );
}
