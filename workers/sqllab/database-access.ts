import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { databases } from "../../db/schema";
import { ApiError } from "../../core/http/errors";
import { canAccessDatabase, databasePermName, type Principal } from "../../core/security/permissions";

export type DatabaseRow = typeof databases.$inferSelect;

export function mayUseInSqlLab(principal: Principal, database: DatabaseRow): boolean {
  return database.expose_in_sqllab && canAccessDatabase(principal, databasePermName(database.database_name, database.id));
}

const readRow = (db: Database, id: number) => db.select().from(databases).where(eq(databases.id, id)).get();

/**
 * The database a SQL Lab call names, if it exists, is exposed in SQL Lab and the caller may query it.
 * Read after the route's guard: nothing about the body is looked at before the caller is authorised.
 */
export async function sqlLabDatabase(db: Database, principal: Principal, databaseId: number): Promise<DatabaseRow> {
  const database = await readRow(db, databaseId);
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

/** Every database the caller may open in SQL Lab, lowest id first (the default database, SPEC §9). */
export async function sqlLabDatabases(db: Database, principal: Principal): Promise<DatabaseRow[]> {
  const rows = await db.select().from(databases).where(eq(databases.expose_in_sqllab, true)).orderBy(databases.id).all();
  return rows.filter((d) => mayUseInSqlLab(principal, d));
}
