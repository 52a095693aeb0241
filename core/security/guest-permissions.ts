import { pairKey, type PermissionPair, type Principal } from "./permissions";

// What a guest of an embedded dashboard may do. Its reach is bounded by its token (the dashboards named, their
// charts and those charts' datasets: core/datasets/access.ts), its rights by the role GUEST_ROLE_NAME names, as
// Superset's, but only through this allow-list: a guest is anonymous-like and never writes a saved object, runs
// SQL, or reads users, roles, logs or databases, whatever the role holds. When the role grants none of these
// (Superset's default guest role, Public, grants nothing here) the guest gets the embedded viewer's set.

/** The embedded page's needs: read the dashboard, its charts and their data, download CSV, share a permalink. */
export const GUEST_VIEWER: readonly PermissionPair[] = [
  ["can_read", "Dashboard"], ["can_read", "Chart"], ["can_read", "Dataset"], ["can_read", "Datasource"],
  ["can_read", "Annotation"], ["can_read", "CssTemplate"], ["can_csv", "Superset"],
  ["can_read", "DashboardPermalinkRestApi"], ["can_write", "DashboardPermalinkRestApi"],
  ["can_read", "AsyncEventsRestApi"], ["can_write", "Log"],
];

const ALLOWED = new Set<string>([
  ...GUEST_VIEWER.map(([p, v]) => pairKey(p, v)),
  pairKey("can_read", "Tag"), pairKey("can_read", "Explore"), pairKey("can_explore", "Superset"),
  pairKey("can_share_dashboard", "Superset"), pairKey("can_share_chart", "Superset"),
]);

/** The guest's "permission|view" keys from the guest role's pairs. */
export function guestPermissions(rolePairs: Iterable<readonly [string, string]>): Set<string> {
  const granted = new Set<string>();
  for (const [permission, view] of rolePairs) {
    const key = pairKey(permission, view);
    if (ALLOWED.has(key)) granted.add(key);
  }
  return granted.size ? granted : new Set(GUEST_VIEWER.map(([p, v]) => pairKey(p, v)));
}

/**
 * Superset's bootstrap_user_data for a guest: its names, active and not anonymous (a GuestUser is neither), no
 * user id (null here: there is no user record), the guest role with the pairs the guest holds, no data access
 * pairs (a guest reads what its token names, not what a role grants).
 */
export function guestBootstrap(p: Principal) {
  const pairs = [...p.permissions].map((key) => key.split("|") as [string, string]).sort((a, b) => (a[1] + a[0]).localeCompare(b[1] + b[0]));
  return { username: p.username, firstName: p.first_name ?? "", lastName: p.last_name ?? "", userId: null, isActive: true, isAnonymous: false, roles: { [p.roles[0]]: pairs }, permissions: {} };
}
