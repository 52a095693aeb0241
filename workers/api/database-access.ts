import { ApiError } from "../../core/http/errors";
import { can, canAccessDatabase, databasePermName, isAdmin, type Principal } from "../../core/security/permissions";
import type { Database } from "../../db/client";
import { databaseById, type DatabaseRow } from "../../db/databases";

// Which databases a caller may see: admins and holders of all_database_access / all_datasource_access
// see every one; everyone else only those granted by database_access on "[name].(id:N)".

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

/** The database if it exists and the caller may use it; otherwise Superset's 404 (no hint that it exists). */
export async function readableDatabase(db: Database, principal: Principal, id: number): Promise<DatabaseRow> {
  const row = await databaseById(db, id);
  if (!row || !canAccessDatabase(principal, databasePermName(row.database_name, row.id)) && !isAdmin(principal)) {
    throw new ApiError(404, "Not found", "GENERIC_BACKEND_ERROR");
  }
  return row;
}
