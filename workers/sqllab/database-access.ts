import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import type { Database } from "../../db/client";
import { databases } from "../../db/schema";
import { ApiError } from "../../core/http/errors";
import { canAccessDatabase, databasePermName, type Principal } from "../../core/security/permissions";

export type DatabaseRow = typeof databases.$inferSelect;

export function mayUseInSqlLab(principal: Principal, database: DatabaseRow): boolean {
  return database.expose_in_sqllab && canAccessDatabase(principal, databasePermName(database.database_name, database.id));
}

const readAhead = new WeakMap<Request, { id: number; row: Promise<DatabaseRow | undefined> }>();

const readRow = (db: Database, id: number) => db.select().from(databases).where(eq(databases.id, id)).get();

/**
 * Placed before a route's guard: starts reading the database row the JSON body names (`database_id`) while
 * the guard waits for the caller's principal, so the two D1 reads overlap. Nothing is decided or answered
 * here: a body it cannot read is left to the handler, and sqlLabDatabase checks access after the guard.
 */
export const readDatabaseAhead: MiddlewareHandler<AppEnv> = async (c, next) => {
  let id: unknown = null;
  try {
    id = (JSON.parse(await c.req.text()) as { database_id?: unknown } | null)?.database_id;
  } catch {
    // malformed: the handler's own reading answers it, after the guard
  }
  if (Number.isSafeInteger(id)) {
    const row = readRow(c.var.db, id as number);
    row.catch(() => {}); // awaited by sqlLabDatabase, unless the guard refuses the call first
    readAhead.set(c.req.raw, { id: id as number, row });
  }
  await next();
};

/**
 * The database a SQL Lab call names, if it exists, is exposed in SQL Lab and the caller may query it.
 * `request`: the call whose row readDatabaseAhead may already be reading.
 */
export async function sqlLabDatabase(db: Database, principal: Principal, databaseId: number, request?: Request): Promise<DatabaseRow> {
  const ahead = request ? readAhead.get(request) : undefined;
  const database = await (ahead?.id === databaseId ? ahead.row : readRow(db, databaseId));
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
