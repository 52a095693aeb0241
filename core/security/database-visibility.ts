import { NO_DATA_ACCESS_HELP, NO_DATA_ACCESS_TITLE } from "./data-access-message";
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

/** Grants that reach data: one database, schema, catalog or table, or every one of them. */
const DATA_GRANT = /^(database_access|schema_access|catalog_access|datasource_access)\|/;

/**
 * Whether the caller may see any data at all. Without it the Databases and Datasets pages are empty
 * whatever exists, and should say access is missing rather than "No databases yet."
 */
export function hasAnyDataAccess(principal: Principal): boolean {
  return accessibleDatabaseIds(principal) === "all" || [...principal.permissions].some((key) => DATA_GRANT.test(key));
}

/** The text of an empty Databases or Datasets list. */
export function emptyListText(kind: "databases" | "datasets", state: { filtered: boolean; hasDataAccess: boolean }): string {
  if (!state.hasDataAccess) return kind === "databases" ? `${NO_DATA_ACCESS_TITLE}. ${NO_DATA_ACCESS_HELP}` : `You don't have access to any dataset. ${NO_DATA_ACCESS_HELP}`;
  if (state.filtered) return `No ${kind} match.`;
  return `No ${kind} yet.`;
}
