import { IconArrowLeft } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Anchor, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { isAdmin } from "../../../core/security/permissions";
import { requirePermission } from "../../auth.server";
import type { RootData } from "../../root";
import { CustomRoleEditor } from "./CustomRoleEditor";
import { loadRole } from "./role.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.role.name ?? "Role"} · Edge Superset` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  requirePermission(context, request, "admin");
  return loadRole(context, params.roleId);
}

/** A role's permissions: every (permission, view) pair it grants, filterable; custom roles can be edited. */
export default function RolePermissions() {
  const { role, permissions, choices } = useLoaderData<typeof loader>();
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const [filter, setFilter] = useState("");
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle
      ? permissions.filter((p) => p.permission_name.toLowerCase().includes(needle) || p.view_menu_name.toLowerCase().includes(needle))
      : permissions;
  }, [filter, permissions]);
  return (
    <Stack>
      <Anchor component={Link} to="/roles/" size="sm">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: "-2px" }} /> List Roles
      </Anchor>
      <Title order={2}>Permissions of {role.name}</Title>
      {isAdmin({ roles: [role.name] }) && <Text c="dimmed">This is the Admin role: it has every right beyond the pairs below.</Text>}
      {role.builtIn ? (
        <Text c="dimmed" size="sm">
          A built-in role: its permissions are those of Superset&apos;s {role.name} and cannot be changed here.
        </Text>
      ) : (
        // keyed on the granted pairs, so the picker starts again from the saved state after each save
        <CustomRoleEditor key={permissions.map((p) => p.id).join(",")} role={role} granted={permissions.map((p) => p.id)} choices={choices} csrfToken={csrfToken} />
      )}
      <TextInput label="Filter" placeholder="Permission or view" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} w={320} />
      <Text c="dimmed" size="sm" data-testid="permission-count">
        {shown.length === permissions.length ? `${permissions.length} ${permissions.length === 1 ? "permission" : "permissions"}` : `${shown.length} of ${permissions.length} permissions`}
      </Text>
      <Table striped data-testid="role-permissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Permission</Table.Th>
            <Table.Th>View or menu</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text c="dimmed">{permissions.length ? "No permission matches." : "This role grants no permissions."}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {shown.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.permission_name}</Table.Td>
              <Table.Td>{p.view_menu_name}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
