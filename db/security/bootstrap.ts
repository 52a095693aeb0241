import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { permissions, permissionViewRoles, permissionViews, roles, userRoles, users, viewMenus } from "../schema";
import { BUILT_IN_ROLES } from "../../core/security/roles";
import { hashPassword, randomPassword } from "../../core/security/passwords";

export interface BootstrapOptions {
  adminUsername?: string;
  adminPassword?: string;
  adminEmail?: string;
  /** told the generated password once, when no ADMIN_PASSWORD was configured */
  announce: (message: string) => void;
}

/**
 * Brings a fresh metadata database to a usable state: the built-in roles with their permission pairs,
 * and the first admin. Idempotent (INSERT OR IGNORE on unique names), so concurrent first requests are safe.
 */
export async function bootstrapMetadata(db: Database, options: BootstrapOptions): Promise<void> {
  const roleCount = await db.select({ n: sql<number>`count(*)` }).from(roles).get();
  if (!roleCount || roleCount.n === 0) await seedRoles(db);
  const userCount = await db.select({ n: sql<number>`count(*)` }).from(users).get();
  if (!userCount || userCount.n === 0) await createFirstAdmin(db, options);
}

export async function seedRoles(db: Database): Promise<void> {
  for (const [roleName, pairs] of Object.entries(BUILT_IN_ROLES)) {
    await db.insert(roles).values({ name: roleName }).onConflictDoNothing();
    const role = await db.select().from(roles).where(eq(roles.name, roleName)).get();
    if (!role) continue;
    for (const [permission, view] of pairs) {
      const pvId = await ensurePermissionView(db, permission, view);
      await db.insert(permissionViewRoles).values({ permission_view_id: pvId, role_id: role.id }).onConflictDoNothing();
    }
  }
}

export async function ensurePermissionView(db: Database, permission: string, view: string): Promise<number> {
  await db.insert(permissions).values({ name: permission }).onConflictDoNothing();
  await db.insert(viewMenus).values({ name: view }).onConflictDoNothing();
  const p = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, permission)).get();
  const v = await db.select({ id: viewMenus.id }).from(viewMenus).where(eq(viewMenus.name, view)).get();
  await db.insert(permissionViews).values({ permission_id: p!.id, view_menu_id: v!.id }).onConflictDoNothing();
  const pv = await db
    .select({ id: permissionViews.id })
    .from(permissionViews)
    .where(and(eq(permissionViews.permission_id, p!.id), eq(permissionViews.view_menu_id, v!.id)))
    .get();
  return pv!.id;
}

async function createFirstAdmin(db: Database, options: BootstrapOptions): Promise<void> {
  const username = options.adminUsername || "admin";
  const generated = !options.adminPassword;
  const password = options.adminPassword || randomPassword();
  const inserted = await db
    .insert(users)
    .values({
      username,
      first_name: "Superset",
      last_name: "Admin",
      email: options.adminEmail || `${username}@localhost`,
      password: await hashPassword(password),
      active: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id })
    .get();
  if (!inserted) return; // another request created it first
  const admin = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, "Admin")).get();
  if (admin) await db.insert(userRoles).values({ user_id: inserted.id, role_id: admin.id }).onConflictDoNothing();
  if (generated) {
    options.announce(`First admin created: username "${username}", password "${password}" (shown once; set ADMIN_PASSWORD to choose it).`);
  }
}
