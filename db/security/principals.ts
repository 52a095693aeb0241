import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { permissionViewRoles, permissionViews, permissions, revokedSessions, roles, userRoles, users, viewMenus } from "../schema";
import { PUBLIC_ROLE_NAME, pairKey, publicPrincipal, type Principal } from "../../core/security/permissions";

interface PrincipalRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  login_count: number;
  created_on: string | null;
  changed_on: string | null;
  time_zone: string | null;
  locale: string | null;
  active: number;
  session_generation: number;
  /** 1 when the session named by the credential was ended by logout */
  revoked: number;
  /** JSON array of role names */
  role_names: string;
  /** JSON array of [permission, view] pairs, one per distinct pair over all roles */
  pairs: string;
}

/** What a session cookie or token carries: the generation it was issued in, and the session id of a cookie. */
export interface Credential {
  generation: number;
  sid?: string;
}

/**
 * Loads an active user with the union of their roles' permission pairs; null when missing or deactivated.
 * One round trip answering one row (every request pays it): roles and pairs come aggregated as JSON, so an
 * admin's hundreds of pairs cost one string instead of one row each.
 */
export async function loadPrincipal(db: Database, userId: number, credential?: Credential): Promise<Principal | null> {
  const row = await db.get<PrincipalRow | undefined>(sql`
    SELECT ${users.id} AS id, ${users.username} AS username, ${users.first_name} AS first_name, ${users.last_name} AS last_name,
      ${users.email} AS email, ${users.login_count} AS login_count, ${users.created_on} AS created_on, ${users.changed_on} AS changed_on,
      ${users.time_zone} AS time_zone, ${users.locale} AS locale, ${users.active} AS active, ${users.session_generation} AS session_generation,
      EXISTS (SELECT 1 FROM ${revokedSessions} WHERE ${revokedSessions.sid} = ${credential?.sid ?? null}) AS revoked,
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
  // A cookie or token from before a password change or deactivation, or a session ended by logout, is no one.
  if (credential && (credential.generation !== row.session_generation || row.revoked)) return null;
  const pairs = new Set<string>();
  for (const [permission, view] of JSON.parse(row.pairs) as [string, string][]) pairs.add(pairKey(permission, view));
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    roles: JSON.parse(row.role_names) as string[],
    permissions: pairs,
    profile: { email: row.email, login_count: row.login_count, created_on: row.created_on, changed_on: row.changed_on, time_zone: row.time_zone, locale: row.locale },
  };
}

/** The Public role's permission pairs, as the anonymous viewer's principal (null when it grants nothing). */
export async function loadPublicPrincipal(db: Database): Promise<Principal | null> {
  const rows = await db.all<{ permission: string; view: string }>(sql`
    SELECT p.name AS permission, v.name AS view FROM ${roles} r
    JOIN ${permissionViewRoles} pvr ON pvr.role_id = r.id
    JOIN ${permissionViews} pv ON pv.id = pvr.permission_view_id
    JOIN ${permissions} p ON p.id = pv.permission_id
    JOIN ${viewMenus} v ON v.id = pv.view_menu_id
    WHERE r.name = ${PUBLIC_ROLE_NAME}`);
  return publicPrincipal(rows.map((r) => [r.permission, r.view] as const));
}
