import { useState } from "react";
import { Badge, Button, Group } from "@mantine/core";
import { isFiltered, parseListUrlState } from "../../../core/lists/list-url-state";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { SelectFilter, TextFilter } from "../../components/list-view/filters";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { showToast } from "../../components/toast-store";
import type { RootData } from "../../root";
import { adminCall } from "../../features/security-admin/admin-api";
import { UserFormModal, type EditableUser } from "./UserFormModal";
import { loadUsersPage } from "./users.server";
import { USER_LIST } from "./list-config";

const STATUS = [{ value: "true", label: "Active" }, { value: "false", label: "Inactive" }];

export const meta: MetaFunction = () => [{ title: "List Users · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const me = requirePermission(context, request, "admin");
  return { myId: me.id, ...(await loadUsersPage(context, parseListUrlState(new URL(request.url).searchParams, USER_LIST))) };
}

/** Superset's List Users: search, add, edit, deactivate and reactivate users, and assign their roles. */
export default function ListUsers() {
  const { myId, count, users, roles, pageSize } = useLoaderData<typeof loader>();
  const list = useListUrlState(USER_LIST);
  const root = useRouteLoaderData<RootData>("root");
  const csrfToken = root?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<EditableUser | "new" | null>(null);

  async function setActive(user: EditableUser, active: boolean) {
    const result = await adminCall("PUT", `/api/v1/security/users/${user.id}`, csrfToken, { active });
    if (!result.ok) {
      showToast("danger", result.message);
      return;
    }
    showToast("success", `User ${user.username} was ${active ? "activated" : "deactivated"}`);
    revalidator.revalidate();
  }

  const { filters } = list.state;
  const set = (key: string) => (value: string | null) => list.setFilter(key, value);
  return (
    <>
      <ListView title="List Users" noun={["user", "users"]} count={count} countTestId="users-count" page={list.state.page} pageSize={pageSize} onPage={list.setPage}
        filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={<Button onClick={() => setEditing("new")} data-testid="add-user">+ User</Button>}
        filters={
          <>
            <TextFilter label="Search" value={filters.search ?? ""} placeholder="Username, name or email" onApply={set("search")} testId="users-search" />
            <SelectFilter label="Role" value={filters.role} options={roles.map((r) => ({ value: String(r.id), label: r.name }))} onChange={set("role")} testId="users-filter-role" />
            <SelectFilter label="Status" value={filters.active} options={STATUS} onChange={set("active")} testId="users-filter-active" />
          </>
        }>
        <ListTable testId="users-table" rows={users} rowTestId={(u) => `user-row-${u.username}`} sort={list.state.sort} onSort={list.sortBy}
          columns={[
            { key: "username", header: "Username", sortColumn: "username", cell: (u) => u.username },
            { key: "name", header: "Name", sortColumn: "first_name", cell: (u) => `${u.first_name} ${u.last_name}`.trim() },
            { key: "email", header: "Email", sortColumn: "email", cell: (u) => u.email },
            { key: "roles", header: "Roles", cell: (u) => <Group gap={4}>{u.roles.map((r) => <Badge key={r.id} variant="light">{r.name}</Badge>)}</Group> },
            { key: "status", header: "Status", sortColumn: "active",
              cell: (u) => <Badge color={u.active ? "green" : "gray"} data-testid="user-status">{u.active ? "Active" : "Inactive"}</Badge> },
            { key: "login", header: "Last login (UTC)", sortColumn: "last_login", nowrap: true, cell: (u) => (u.last_login ? u.last_login.replace("T", " ").slice(0, 19) : "Never") },
            { key: "actions", header: "Actions", cell: (u) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setEditing(u)}>Edit</Button>
                {u.id !== myId && (
                  <Button size="xs" variant="subtle" color={u.active ? "red" : "teal"} onClick={() => setActive(u, !u.active)}>{u.active ? "Deactivate" : "Activate"}</Button>
                )}
              </Group>
            ) },
          ]} />
      </ListView>
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
    </>
  );
}
