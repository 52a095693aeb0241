import type { AppLoadContext } from "@remix-run/cloudflare";
import { searchRoles } from "../../../db/security/roles";
import { BUILT_IN_ROLE_NAMES } from "../../../core/security/admin-payloads";
import type { ListUrlState } from "../../../core/lists/list-url-state";
import { ROLE_LIST } from "./list-config";

// The List Roles page: roles (searched by name, as GET /api/v1/security/roles/search/) with how many users
// hold each and how many permission pairs it grants.

export async function loadRolesPage(context: AppLoadContext, state: ListUrlState) {
  const { count, result } = await searchRoles(context.db, {
    name: state.filters.search, orderColumn: "name", orderDirection: state.sort.direction, page: state.page - 1, pageSize: ROLE_LIST.pageSize,
  });
  return {
    count,
    pageSize: ROLE_LIST.pageSize,
    roles: result.map((r) => ({
      id: r.id,
      name: r.name,
      users: r.user_ids.length,
      permissions: r.permission_ids.length,
      builtIn: BUILT_IN_ROLE_NAMES.includes(r.name),
    })),
  };
}
