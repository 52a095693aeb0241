import { useState } from "react";
import { Anchor, Badge, Button, Text } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { isFiltered, parseListUrlState } from "../../../core/lists/list-url-state";
import { requirePermission } from "../../auth.server";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { TextFilter } from "../../components/list-view/filters";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import type { RootData } from "../../root";
import { NewRoleModal } from "./NewRoleModal";
import { loadRolesPage } from "./roles.server";
import { ROLE_LIST } from "./list-config";

export const meta: MetaFunction = () => [{ title: "List Roles · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requirePermission(context, request, "admin");
  return loadRolesPage(context, parseListUrlState(new URL(request.url).searchParams, ROLE_LIST));
}

/** Superset's List Roles: each role, its users and permission count, linking to its permissions; adds custom roles. */
export default function ListRoles() {
  const { roles, count, pageSize } = useLoaderData<typeof loader>();
  const list = useListUrlState(ROLE_LIST);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const [adding, setAdding] = useState(false);
  return (
    <>
      <ListView title="List Roles" noun={["role", "roles"]} count={count} countTestId="roles-count" page={list.state.page} pageSize={pageSize} onPage={list.setPage}
        filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={<Button onClick={() => setAdding(true)} data-testid="add-role">+ Role</Button>}
        filters={<TextFilter label="Search" value={list.state.filters.search ?? ""} placeholder="Role name" onApply={(v) => list.setFilter("search", v)} testId="roles-search" />}>
        <Text c="dimmed" size="sm">The Admin role has every right, whatever its listed permissions.</Text>
        <ListTable testId="roles-table" rows={roles} rowTestId={(r) => `role-row-${r.name}`} sort={list.state.sort} onSort={list.sortBy}
          columns={[
            { key: "name", header: "Name", sortColumn: "name", cell: (r) => (
              <>
                <Anchor component={Link} to={`/roles/${r.id}/`}>{r.name}</Anchor>{" "}
                {r.builtIn && <Badge size="xs" variant="outline" color="gray">built-in</Badge>}
              </>
            ) },
            { key: "users", header: "Users", cell: (r) => r.users },
            { key: "permissions", header: "Permissions", cell: (r) => r.permissions },
          ]} />
      </ListView>
      {adding && <NewRoleModal csrfToken={csrfToken} onClose={() => setAdding(false)} />}
    </>
  );
}
