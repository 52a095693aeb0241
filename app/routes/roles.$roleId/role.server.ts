import type { AppLoadContext } from "@remix-run/cloudflare";
import { getRole, listPermissionViews, rolePermissions } from "../../../db/security/roles";
import { ApiError } from "../../../core/http/errors";
import { parsePathId } from "../../../core/http/path-id";
import { hasFixedPermissions } from "../../../core/security/admin-payloads";

// One role and its (permission, view) pairs; an unknown or malformed id is the 404 page, not an error.
// Custom roles also get every pair that exists, to choose from.
export async function loadRole(context: AppLoadContext, rawId: string | undefined) {
  const id = parsePathId(rawId);
  if (id === null) throw new Response("There is no such role.", { status: 404, statusText: "Not found" });
  try {
    const role = await getRole(context.db, id);
    // Public is built in, but its grants are the admin's to choose (what anonymous visitors may see)
    const builtIn = hasFixedPermissions(role.name);
    const all = builtIn
      ? []
      : (await listPermissionViews(context.db, { filters: [], orderColumn: null, orderDirection: "asc", page: 0, pageSize: 1000, columns: null })).result;
    return {
      role: { id: role.id, name: role.name, builtIn },
      permissions: await rolePermissions(context.db, id),
      choices: all.map((p) => ({ value: String(p.id), label: `${p.permission.name} on ${p.view_menu.name}` })),
    };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw new Response("There is no such role.", { status: 404, statusText: "Not found" });
    throw e;
  }
}
