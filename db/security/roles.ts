import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { forgetPrincipals } from "./principal-cache";
import { permissions, permissionViewRoles, permissionViews, roles, userRoles, users, viewMenus } from "../schema";
import { listPage, type ListSpec } from "../lists/list";
import { notFound, unprocessable, validationError } from "../../core/http/errors";
import type { ListArgs } from "../../core/http/list-query";
import { BUILT_IN_ROLE_NAMES, hasFixedPermissions, type RoleSearchArgs } from "../../core/security/admin-payloads";
import { inList, insertChunks } from "../d1-params";

// Roles, their permission pairs and their users, for the security admin API and GET /api/v1/me/roles/.

type RoleRow = typeof roles.$inferSelect;

const roleListSpec: ListSpec = {
  table: roles,
  columns: { id: roles.id, name: roles.name },
  defaultOrder: { column: roles.id, direction: "asc" },
};

export async function listRoles(db: Database, args: ListArgs) {
  const page = await listPage<RoleRow>(db, roleListSpec, args);
  return { count: page.count, result: page.rows.map((r) => ({ id: r.id, name: r.name })) };
}

export async function getRole(db: Database, id: number): Promise<RoleRow> {
  const role = await db.select().from(roles).where(eq(roles.id, id)).get();
  if (!role) throw notFound();
  return role;
}

const isBuiltIn = (name: string) => BUILT_IN_ROLE_NAMES.includes(name);

async function checkNameFree(db: Database, name: string, exceptId?: number) {
  const taken = await db.select({ id: roles.id }).from(roles).where(sql`lower(${roles.name}) = lower(${name})`).get();
  if (taken && taken.id !== exceptId) throw validationError({ name: ["A role with this name already exists."] });
}

export async function createRole(db: Database, name: string): Promise<number> {
  await checkNameFree(db, name);
  const row = await db.insert(roles).values({ name }).returning({ id: roles.id }).get();
  return row.id;
}

export async function renameRole(db: Database, id: number, name: string) {
  const role = await getRole(db, id);
  if (role.name === name) return;
  if (isBuiltIn(role.name)) throw unprocessable(`The built-in role ${role.name} cannot be renamed.`);
  await checkNameFree(db, name, id);
  await db.update(roles).set({ name }).where(eq(roles.id, id));
  forgetPrincipals(); // a principal carries role names, and "Admin" is a right by name
}

export async function deleteRole(db: Database, id: number) {
  const role = await getRole(db, id);
  if (isBuiltIn(role.name)) throw unprocessable(`The built-in role ${role.name} cannot be deleted.`);
  // user and permission links go with it (ON DELETE CASCADE)
  await db.delete(roles).where(eq(roles.id, id));
  forgetPrincipals();
}

/** Each role's own (permission, view) pairs, keyed by role name. */
export async function pairsByRole(db: Database, roleIds: number[]): Promise<Record<string, [string, string][]>> {
  const out: Record<string, [string, string][]> = {};
  if (roleIds.length === 0) return out;
  const named = await db.select({ name: roles.name }).from(roles).where(inList(roles.id, roleIds)).all();
  for (const r of named) out[r.name] = [];
  const rows = await db
      .select({ role: roles.name, permission: permissions.name, view: viewMenus.name })
      .from(permissionViewRoles)
      .innerJoin(roles, eq(roles.id, permissionViewRoles.role_id))
      .innerJoin(permissionViews, eq(permissionViews.id, permissionViewRoles.permission_view_id))
      .innerJoin(permissions, eq(permissions.id, permissionViews.permission_id))
      .innerJoin(viewMenus, eq(viewMenus.id, permissionViews.view_menu_id))
      .where(inList(permissionViewRoles.role_id, roleIds))
      .orderBy(viewMenus.name, permissions.name)
      .all();
  for (const r of rows) out[r.role].push([r.permission, r.view]);
  return out;
}

export async function roleIdsOfUser(db: Database, userId: number): Promise<number[]> {
  return (await db.select({ id: userRoles.role_id }).from(userRoles).where(eq(userRoles.user_id, userId)).all()).map((r) => r.id);
}

/** Superset's GET /roles/{id}/permissions/: [{ id, permission_name, view_menu_name }]. */
export async function rolePermissions(db: Database, roleId: number) {
  await getRole(db, roleId);
  return db
    .select({ id: permissionViews.id, permission_name: permissions.name, view_menu_name: viewMenus.name })
    .from(permissionViewRoles)
    .innerJoin(permissionViews, eq(permissionViews.id, permissionViewRoles.permission_view_id))
    .innerJoin(permissions, eq(permissions.id, permissionViews.permission_id))
    .innerJoin(viewMenus, eq(viewMenus.id, permissionViews.view_menu_id))
    .where(eq(permissionViewRoles.role_id, roleId))
    .orderBy(viewMenus.name, permissions.name)
    .all();
}

async function missingIds(db: Database, table: typeof permissionViews | typeof users, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: table.id }).from(table).where(inList(table.id, ids)).all();
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** Replaces the permissions of a custom role (or of Public or Guest), as Superset's POST /roles/{id}/permissions does. */
export async function setRolePermissions(db: Database, roleId: number, pvIds: number[]) {
  const role = await getRole(db, roleId);
  if (hasFixedPermissions(role.name)) throw unprocessable(`The permissions of the built-in role ${role.name} are fixed.`);
  const unknown = await missingIds(db, permissionViews, pvIds);
  if (unknown.length) throw validationError({ permission_view_menu_ids: [`Unknown permission ids: ${unknown.join(", ")}.`] });
  const removeAll = db.delete(permissionViewRoles).where(eq(permissionViewRoles.role_id, roleId));
  if (pvIds.length === 0) await removeAll;
  else
    await db.batch([
      removeAll,
      ...insertChunks(permissionViewRoles, pvIds).map((part) => db.insert(permissionViewRoles).values(part.map((id) => ({ permission_view_id: id, role_id: roleId })))),
    ]);
  forgetPrincipals();
}

/** Replaces the users holding a role (PUT /roles/{id}/users). */
export async function setRoleUsers(db: Database, roleId: number, userIds: number[]) {
  await getRole(db, roleId);
  const unknown = await missingIds(db, users, userIds);
  if (unknown.length) throw validationError({ user_ids: [`Unknown user ids: ${unknown.join(", ")}.`] });
  const removeAll = db.delete(userRoles).where(eq(userRoles.role_id, roleId));
  if (userIds.length === 0) await removeAll;
  else
    await db.batch([
      removeAll,
      ...insertChunks(userRoles, userIds).map((part) => db.insert(userRoles).values(part.map((user_id) => ({ user_id, role_id: roleId })))),
    ]);
  forgetPrincipals();
}

/** GET /roles/search/: roles with their user and permission ids. */
export async function searchRoles(db: Database, q: RoleSearchArgs) {
  const conditions: SQL[] = [];
  if (q.name) conditions.push(sql`lower(${roles.name}) LIKE lower(${`%${q.name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}) ESCAPE '\\'`);
  if (q.userIds?.length)
    conditions.push(sql`${roles.id} IN (SELECT ${userRoles.role_id} FROM ${userRoles} WHERE ${inList(userRoles.user_id, q.userIds)})`);
  if (q.permissionIds?.length)
    conditions.push(
      sql`${roles.id} IN (SELECT ${permissionViewRoles.role_id} FROM ${permissionViewRoles} WHERE ${inList(permissionViewRoles.permission_view_id, q.permissionIds)})`,
    );
  const where = conditions.length ? and(...conditions) : undefined;
  const column = q.orderColumn === "name" ? roles.name : roles.id;
  const total = await db.select({ n: sql<number>`count(*)` }).from(roles).where(where).get();
  const page = await db
    .select()
    .from(roles)
    .where(where)
    .orderBy(q.orderDirection === "desc" ? desc(column) : asc(column))
    .limit(q.pageSize)
    .offset(q.page * q.pageSize)
    .all();
  const ids = page.map((r) => r.id);
  const userLinks = await db.select().from(userRoles).where(inList(userRoles.role_id, ids)).all();
  const permLinks = await db.select().from(permissionViewRoles).where(inList(permissionViewRoles.role_id, ids)).all();
  return {
    count: total?.n ?? 0,
    ids,
    result: page.map((r) => ({
      id: r.id,
      name: r.name,
      user_ids: userLinks.filter((l) => l.role_id === r.id).map((l) => l.user_id),
      permission_ids: permLinks.filter((l) => l.role_id === r.id).map((l) => l.permission_view_id),
    })),
  };
}

const pvListSpec: ListSpec = {
  table: permissionViews,
  columns: { id: permissionViews.id, permission: permissionViews.permission_id, view_menu: permissionViews.view_menu_id },
  defaultOrder: { column: permissionViews.id, direction: "asc" },
};

/** GET /permissions-resources/: every (permission, view) pair with its id, for assigning to roles. */
export async function listPermissionViews(db: Database, args: ListArgs) {
  const page = await listPage<typeof permissionViews.$inferSelect>(db, pvListSpec, args);
  const ids = page.rows.map((r) => r.id);
  const named = await permissionViewNames(db, ids);
  return { count: page.count, result: ids.flatMap((id) => named.get(id) ?? []) };
}

export async function getPermissionView(db: Database, id: number) {
  const found = (await permissionViewNames(db, [id])).get(id);
  if (!found) throw notFound();
  return found;
}

async function permissionViewNames(db: Database, ids: number[]) {
  const rows = await db
      .select({ id: permissionViews.id, permission: permissions.name, view_menu: viewMenus.name })
      .from(permissionViews)
      .innerJoin(permissions, eq(permissions.id, permissionViews.permission_id))
      .innerJoin(viewMenus, eq(viewMenus.id, permissionViews.view_menu_id))
      .where(inList(permissionViews.id, ids))
      .all();
  return new Map(rows.map((r) => [r.id, { id: r.id, permission: { name: r.permission }, view_menu: { name: r.view_menu } }]));
}
