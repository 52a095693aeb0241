import { can, isAdmin, type Principal } from "./permissions";

// Which databases a caller may list (Superset's DatabaseFilter). Shared by GET /api/v1/database/ and the
// Databases list page so both show the same rows.

/**
 * Admins and holders of all_database_access / all_datasource_access see every database; everyone else
 * only those granted by database_access on "[name].(id:N)".
 */
export function accessibleDatabaseIds(principal: Principal): "all" | number[] {
  if (isAdmin(principal) || can(principal, "all_database_access", "all_database_access") || can(principal, "all_datasource_access", "all_datasource_access"))
    return "all";
  const ids: number[] = [];
  for (const key of principal.permissions) {
    const m = /^database_access\|\[.*\]\.\(id:(\d+)\)$/.exec(key);
    if (m) ids.push(Number(m[1]));
  }
  return ids;
}
