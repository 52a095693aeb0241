import { Anchor, Badge, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { loadRolesPage } from "./roles.server";

export const meta: MetaFunction = () => [{ title: "List Roles · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requirePermission(context, request, "admin");
  return loadRolesPage(context);
}

/** Superset's List Roles: each role, its users and permission count, linking to its permissions. */
export default function ListRoles() {
  const { roles } = useLoaderData<typeof loader>();
  return (
    <Stack>
      <Title order={2}>List Roles</Title>
      <Text c="dimmed" size="sm">
        A role whose name contains “admin” has every right, whatever its listed permissions.
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
