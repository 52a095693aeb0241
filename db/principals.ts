import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { permissionViewRoles, permissionViews, permissions, roles, userRoles, users, viewMenus } from "./schema";
import { pairKey, type Principal } from "../core/security/permissions";

interface PrincipalRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  active: number;
  /** JSON array of role names */
  role_names: string;
  /** JSON array of [permission, view] pairs, one per distinct pair over all roles */
  pairs: string;
}

/**
 * Loads an active user with the union of their roles' permission pairs; null when missing or deactivated.
 * One round trip answering one row (every request pays it): roles and pairs come aggregated as JSON, so an
 * admin's hundreds of pairs cost one string instead of one row each.
 */
export async function loadPrincipal(db: Database, userId: number): Promise<Principal | null> {
  const row = await db.get<PrincipalRow | undefined>(sql`
    SELECT ${users.id} AS id, ${users.username} AS username, ${users.first_name} AS first_name, ${users.last_name} AS last_name,
      ${users.active} AS active,
      (SELECT json_group_array(r.name) FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id WHERE ur.user_id = ${users.id}) AS role_names,
      (SELECT json_group_array(json_array(p.name, v.name)) FROM (
         SELECT DISTINCT pvr.permission_view_id AS pv_id FROM ${userRoles} ur
         JOIN ${permissionViewRoles} pvr ON pvr.role_id = ur.role_id WHERE ur.user_id = ${users.id}
       ) AS granted
       JOIN ${permissionViews} pv ON pv.id = granted.pv_id
       JOIN ${permissions} p ON p.id = pv.permission_id
       JOIN ${viewMenus} v ON v.id = pv.view_menu_id) AS pairs
    FROM ${users} WHERE ${users.id} = ${userId}`);
  if (!row || !row.active) return null;
  const pairs = new Set<string>();
  for (const [permission, view] of JSON.parse(row.pairs) as [string, string][]) pairs.add(pairKey(permission, view));
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    roles: JSON.parse(row.role_names) as string[],
    permissions: pairs,
  };
}
