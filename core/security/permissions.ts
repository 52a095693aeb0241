// Superset's permission model: a right is a (permission, view) pair held through a role.

export type PermissionPair = readonly [permission: string, view: string];

export interface Principal {
  id: number;
  username: string;
  /** for labels such as a query's owner; absent where a principal is made up (tests, the cron) */
  first_name?: string;
  last_name?: string;
  roles: string[];
  /** "permission|view" strings collected from all roles */
  permissions: Set<string>;
  /** the user's own record as GET /api/v1/me/ shows it; loaded with the principal, absent where made up */
  profile?: UserProfile;
  /**
   * An anonymous viewer holding the Public role's rights (Superset's PUBLIC_ROLE_LIKE): no user record
   * (id 0), never "logged in", only what an admin granted the Public role.
   */
  anonymous?: true;
  /**
   * A guest of an embedded dashboard (X-GuestToken): anonymous-like, its reach limited to the dashboards of
   * its token, their charts and those charts' datasets, its rows limited by the token's rules.
   */
  guest?: GuestAccess;
}

export interface GuestAccess {
  dashboardIds: readonly number[];
  chartIds: readonly number[];
  datasetIds: readonly number[];
  /** the token's row-level security clauses, each for one dataset or (no dataset) for all */
  rls: readonly { clause: string; dataset?: number }[];
  /** the token's user: username, names and any attributes the host app put there (for the clauses' templates) */
  user: Readonly<Record<string, string | number | boolean | null>>;
  /** stable for one guest of one tenant across token refreshes: the owner of their stored filter states */
  key: string;
}

export interface UserProfile {
  email: string;
  login_count: number;
  created_on: string | null;
  changed_on: string | null;
  /** IANA zone for relative time ranges and shown times; null until set */
  time_zone: string | null;
  /** BCP 47 locale; null until set */
  locale: string | null;
}

export const pairKey = (permission: string, view: string) => `${permission}|${view}`;

/** The role named `Admin` (in any case) has every right, as Superset's `is_user_admin`; no other name does. */
export const ADMIN_ROLE_NAME = "Admin";

export function isAdminRoleName(name: string): boolean {
  return name.toLowerCase() === ADMIN_ROLE_NAME.toLowerCase();
}

export function isAdmin(principal: Pick<Principal, "roles">): boolean {
  return principal.roles.some(isAdminRoleName);
}

export function can(principal: Principal | null | undefined, permission: string, view: string): boolean {
  if (!principal) return false;
  if (isAdmin(principal)) return true;
  return principal.permissions.has(pairKey(permission, view));
}

/** Data access: all_datasource_access, or database_access on the database, or schema/datasource access. */
export function canAccessDatabase(principal: Principal, databasePerm: string): boolean {
  return (
    can(principal, "all_datasource_access", "all_datasource_access") ||
    can(principal, "all_database_access", "all_database_access") ||
    can(principal, "database_access", databasePerm)
  );
}

/** Superset's naming of data-access view menus. */
export const databasePermName = (databaseName: string, id: number) => `[${databaseName}].(id:${id})`;
export const schemaPermName = (databaseName: string, schema: string) => `[${databaseName}].[${schema}]`;
export const datasourcePermName = (databaseName: string, tableName: string, id: number) =>
  `[${databaseName}].[${tableName}](id:${id})`;

/** The role an anonymous viewer holds (Superset's AUTH_ROLE_PUBLIC). */
export const PUBLIC_ROLE_NAME = "Public";

/** The anonymous viewer with the Public role's pairs; null when the role grants nothing (then nobody is let in). */
export function publicPrincipal(pairs: Iterable<readonly [string, string]>): Principal | null {
  const permissions = new Set<string>();
  for (const [permission, view] of pairs) permissions.add(pairKey(permission, view));
  if (permissions.size === 0) return null;
  return { id: 0, username: "anonymous", first_name: "Anonymous", last_name: "", roles: [PUBLIC_ROLE_NAME], permissions, anonymous: true };
}
