import type { AppLoadContext } from "@remix-run/cloudflare";
import { searchRoles } from "../../../db/security/roles";
import { BUILT_IN_ROLE_NAMES } from "../../../core/security/admin-payloads";

// The List Roles page: every role with how many users hold it and how many permission pairs it grants.
export async function loadRolesPage(context: AppLoadContext) {
  const { result } = await searchRoles(context.db, { orderColumn: "name", orderDirection: "asc", page: 0, pageSize: 1000 });
  return {
    roles: result.map((r) => ({
      id: r.id,
      name: r.name,
      users: r.user_ids.length,
      permissions: r.permission_ids.length,
      builtIn: BUILT_IN_ROLE_NAMES.includes(r.name),
    })),
  };
}
