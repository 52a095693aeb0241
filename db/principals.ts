import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { permissions, permissionViewRoles, permissionViews, roles, userRoles, users, viewMenus } from "./schema";
import { pairKey, type Principal } from "../core/security/permissions";

/**
 * Loads an active user with the union of their roles' permission pairs; null when missing or deactivated.
 * One round trip (every request pays it): user ⟕ roles ⟕ pairs, one row per (role, pair).
 */
export async function loadPrincipal(db: Database, userId: number): Promise<Principal | null> {
  const rows = await db
    .select({ id: users.id, username: users.username, active: users.active, role: roles.name, permission: permissions.name, view: viewMenus.name })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.user_id, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.role_id))
    .leftJoin(permissionViewRoles, eq(permissionViewRoles.role_id, roles.id))
    .leftJoin(permissionViews, eq(permissionViews.id, permissionViewRoles.permission_view_id))
    .leftJoin(permissions, eq(permissions.id, permissionViews.permission_id))
    .leftJoin(viewMenus, eq(viewMenus.id, permissionViews.view_menu_id))
    .where(eq(users.id, userId))
    .all();
  const first = rows[0];
  if (!first || !first.active) return null;
  const roleNames = new Set<string>();
  const pairs = new Set<string>();
  for (const r of rows) {
    if (r.role) roleNames.add(r.role);
    if (r.permission && r.view) pairs.add(pairKey(r.permission, r.view));
  }
  return { id: first.id, username: first.username, roles: [...roleNames], permissions: pairs };
}
