import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { permissions, permissionViewRoles, permissionViews, roles, userRoles, users, viewMenus } from "./schema";
import { pairKey, type Principal } from "../core/security/permissions";

/** Loads an active user with the union of their roles' permission pairs; null when missing or deactivated. */
export async function loadPrincipal(db: Database, userId: number): Promise<Principal | null> {
  const user = await db.select({ id: users.id, username: users.username, active: users.active }).from(users).where(eq(users.id, userId)).get();
  if (!user || !user.active) return null;
  const roleRows = await db
    .select({ name: roles.name, id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.role_id))
    .where(eq(userRoles.user_id, userId))
    .all();
  const pairRows = await db
    .select({ permission: permissions.name, view: viewMenus.name })
    .from(userRoles)
    .innerJoin(permissionViewRoles, eq(permissionViewRoles.role_id, userRoles.role_id))
    .innerJoin(permissionViews, eq(permissionViews.id, permissionViewRoles.permission_view_id))
    .innerJoin(permissions, eq(permissions.id, permissionViews.permission_id))
    .innerJoin(viewMenus, eq(viewMenus.id, permissionViews.view_menu_id))
    .where(eq(userRoles.user_id, userId))
    .all();
  return {
    id: user.id,
    username: user.username,
    roles: roleRows.map((r) => r.name),
    permissions: new Set(pairRows.map((p) => pairKey(p.permission, p.view))),
  };
}
