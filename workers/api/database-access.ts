import { ApiError } from "../../core/http/errors";
import { canAccessDatabase, databasePermName, isAdmin, type Principal } from "../../core/security/permissions";
import type { Database } from "../../db/client";
import { databaseById, type DatabaseRow } from "../../db/databases/databases";

// The list filter (accessibleDatabaseIds) lives in core so the Databases page shares it.
export { accessibleDatabaseIds } from "../../core/security/database-visibility";

/** The database if it exists and the caller may use it; otherwise Superset's 404 (no hint that it exists). */
export async function readableDatabase(db: Database, principal: Principal, id: number): Promise<DatabaseRow> {
  const row = await databaseById(db, id);
  if (!row || !canAccessDatabase(principal, databasePermName(row.database_name, row.id)) && !isAdmin(principal)) {
    throw new ApiError(404, "Not found", "GENERIC_BACKEND_ERROR");
  }
  return row;
}
