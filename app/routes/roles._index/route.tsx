import { useState } from "react";
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import type { RootData } from "../../root";
import { NewRoleModal } from "./NewRoleModal";
import { loadRolesPage } from "./roles.server";

export const meta: MetaFunction = () => [{ title: "List Roles · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requirePermission(context, request, "admin");
  return loadRolesPage(context);
}

/** Superset's List Roles: each role, its users and permission count, linking to its permissions; adds custom roles. */
export default function ListRoles() {
  const { roles } = useLoaderData<typeof loader>();
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const [adding, setAdding] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>List Roles</Title>
        <Button onClick={() => setAdding(true)} data-testid="add-role">
          + Role
        </Button>
      </Group>
      {adding && <NewRoleModal csrfToken={csrfToken} onClose={() => setAdding(false)} />}
      <Text c="dimmed" size="sm">
        The Admin role has every right, whatever its listed permissions.
      </Text>
      <Table striped highlightOnHover data-testid="roles-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Users</Table.Th>
            <Table.Th>Permissions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {roles.map((r) => (
            <Table.Tr key={r.id} data-testid={`role-row-${r.name}`}>
              <Table.Td>
                <Anchor component={Link} to={`/roles/${r.id}/`}>
                  {r.name}
                </Anchor>{" "}
                {r.builtIn && (
                  <Badge size="xs" variant="outline" color="gray">
                    built-in
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{r.users}</Table.Td>
              <Table.Td>{r.permissions}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
