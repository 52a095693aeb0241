import type { Database } from "../../db/client";
import { databaseById, sqlLabExposedDatabases, type DatabaseRow } from "../../db/databases/databases";
import { ApiError } from "../../core/http/errors";
import { canAccessDatabase, databasePermName, type Principal } from "../../core/security/permissions";

export type { DatabaseRow };

export function mayUseInSqlLab(principal: Principal, database: DatabaseRow): boolean {
  return database.expose_in_sqllab && canAccessDatabase(principal, databasePermName(database.database_name, database.id));
}

/**
 * The database a SQL Lab call names, if it exists, is exposed in SQL Lab and the caller may query it.
 * Read after the route's guard: nothing about the body is looked at before the caller is authorised.
 */
export async function sqlLabDatabase(db: Database, principal: Principal, databaseId: number): Promise<DatabaseRow> {
  const database = await databaseById(db, databaseId);
  if (!database) {
    throw new ApiError(
      404,
      "The database referenced in this query was not found. Please contact an administrator for further assistance or try again.",
      "DATABASE_NOT_FOUND_ERROR",
    );
  }
  if (!database.expose_in_sqllab) {
    throw new ApiError(403, `The database ${database.database_name} is not exposed in SQL Lab.`, "DATABASE_SECURITY_ACCESS_ERROR");
  }
  if (!canAccessDatabase(principal, databasePermName(database.database_name, database.id))) {
    throw new ApiError(
      403,
      `This endpoint requires the database ${database.database_name}, or the \`all_database_access\` permission.`,
      "DATABASE_SECURITY_ACCESS_ERROR",
    );
  }
  return database;
}

/** Every database the caller may open in SQL Lab, lowest id first (the first is SQL Lab's default database). */
export async function sqlLabDatabases(db: Database, principal: Principal): Promise<DatabaseRow[]> {
  const rows = await sqlLabExposedDatabases(db);
  return rows.filter((d) => mayUseInSqlLab(principal, d));
}
