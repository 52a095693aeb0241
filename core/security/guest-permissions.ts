import { GUEST } from "./roles";
import { pairKey, type Principal } from "./permissions";

// What a guest of an embedded dashboard may do. Its reach is bounded by its token (the dashboards named, their
// charts and those charts' datasets: core/datasets/access.ts), its rights are exactly the pairs of the role
// GUEST_ROLE_NAME names (default: the built-in Guest role), as Superset's: an admin who takes a pair from that
// role takes it from every guest, one who grants can_csv lets guests download. One bound stays whatever the role
// holds: a guest is anonymous-like (no user record) and never writes a saved object, runs SQL, or reads users,
// roles, logs or databases, so pairs outside CEILING are not a guest's even when the role has them (a role such
// as Gamma named as the guest role then gives its reading pairs only).

/** Every pair a guest can hold: the Guest role's, downloads, and reading tags, Explore's state and share links. */
const CEILING = new Set<string>([
  ...GUEST.map(([p, v]) => pairKey(p, v)),
  pairKey("can_csv", "Superset"),
  pairKey("can_read", "Tag"), pairKey("can_read", "Explore"), pairKey("can_explore", "Superset"),
  pairKey("can_share_dashboard", "Superset"), pairKey("can_share_chart", "Superset"),
]);

/** The guest's "permission|view" keys: the guest role's pairs within the ceiling (none when the role has none). */
export function guestPermissions(rolePairs: Iterable<readonly [string, string]>): Set<string> {
  const granted = new Set<string>();
  for (const [permission, view] of rolePairs) {
    const key = pairKey(permission, view);
    if (CEILING.has(key)) granted.add(key);
  }
  return granted;
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
