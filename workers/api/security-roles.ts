import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requiresAdmin } from "../http/guard";
import { unprocessable } from "../../core/http/errors";
import { isAdmin, type Principal } from "../../core/security/permissions";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { parseItemArgs } from "../../core/http/item-query";
import { parseIdList, parseRoleName, parseRoleSearch } from "../../core/security/admin-payloads";
import {
  createRole,
  deleteRole,
  getPermissionView,
  getRole,
  listPermissionViews,
  listRoles,
  renameRole,
  rolePermissions,
  searchRoles,
  setRolePermissions,
  setRoleUsers,
} from "../../db/security/roles";

// Superset's security admin API for roles and permission pairs, admins only. Built-in roles (Admin, Alpha, Gamma, Public, sql_lab)
// keep their names and permissions; custom roles are created, renamed, given permissions and deleted here.
export const securityRolesApi = new Hono<AppEnv>()
  .get("/api/v1/security/roles/", requiresAdmin(), async (c) => {
    const { count, result } = await listRoles(c.var.db, parseListArgs(risonQuery(c)));
    return c.json({ count, ids: result.map((r) => r.id), result, list_columns: ["id", "name"], order_columns: ["id", "name"], list_title: "List Roles" });
  })
  .get("/api/v1/security/roles/search/", requiresAdmin(), async (c) => {
    return c.json(await searchRoles(c.var.db, parseRoleSearch(risonQuery(c))));
  })
  .get("/api/v1/security/roles/:pk", requiresAdmin(), async (c) => {
    const role = await getRole(c.var.db, idParam(c));
    parseItemArgs(risonQuery(c));
    return c.json({ id: role.id, result: { id: role.id, name: role.name }, show_columns: ["id", "name"], show_title: "Show Role" });
  })
  .post("/api/v1/security/roles/", requiresAdmin(), async (c) => {
    const name = parseRoleName(await jsonObject(c));
    const id = await createRole(c.var.db, name);
    return c.json({ id, result: { name } }, 201);
  })
  .put("/api/v1/security/roles/:pk", requiresAdmin(), async (c) => {
    const id = idParam(c);
    const name = parseRoleName(await jsonObject(c));
    await renameRole(c.var.db, id, name);
    return c.json({ id, result: { name } });
  })
  .delete("/api/v1/security/roles/:pk", requiresAdmin(), async (c) => {
    const role = await getRole(c.var.db, idParam(c));
    refuseSelfLockout(principalOf(c), role.name, "You cannot delete the last admin role you hold.");
    await deleteRole(c.var.db, role.id);
    return c.json({ message: "OK" });
  })
  .get("/api/v1/security/roles/:role_id/permissions/", requiresAdmin(), async (c) => {
    return c.json({ result: await rolePermissions(c.var.db, idParam(c, "role_id")) });
  })
  // Superset writes this one without the trailing slash; like Superset it replaces the role's permissions.
  .post("/api/v1/security/roles/:role_id/permissions", requiresAdmin(), async (c) => {
    const roleId = idParam(c, "role_id");
    const ids = parseIdList(await jsonObject(c), "permission_view_menu_ids");
    await setRolePermissions(c.var.db, roleId, ids);
    return c.json({ result: { permission_view_menu_ids: ids } });
  })
  .put("/api/v1/security/roles/:role_id/users", requiresAdmin(), async (c) => {
    const roleId = idParam(c, "role_id");
    const ids = parseIdList(await jsonObject(c), "user_ids");
    const me = principalOf(c);
    if (!ids.includes(me.id)) refuseSelfLockout(me, (await getRole(c.var.db, roleId)).name, "You cannot remove yourself from the last admin role you hold.");
    await setRoleUsers(c.var.db, roleId, ids);
    return c.json({ result: { user_ids: ids } });
  })
  .get("/api/v1/security/permissions-resources/", requiresAdmin(), async (c) => {
    const { count, result } = await listPermissionViews(c.var.db, parseListArgs(risonQuery(c)));
    return c.json({ count, ids: result.map((r) => r.id), result, list_columns: ["id", "permission", "view_menu"], list_title: "List Permissions on Views/Menus" });
  })
  .get("/api/v1/security/permissions-resources/:pk", requiresAdmin(), async (c) => {
    const id = idParam(c);
    parseItemArgs(risonQuery(c));
    return c.json({ id, result: await getPermissionView(c.var.db, id) });
  });

/** Refuses a change that would take the caller's own admin rights away (leaving `roleName`). */
function refuseSelfLockout(me: Principal, roleName: string, message: string) {
  if (!me.roles.includes(roleName)) return;
  if (!isAdmin({ roles: me.roles.filter((r) => r !== roleName) })) throw unprocessable(message);
}
