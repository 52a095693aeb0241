import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc } from "drizzle-orm";
import { databases, users } from "../../../db/schema";
import { accessibleDatabaseIds } from "../../../core/security/database-visibility";
import { can, type Principal } from "../../../core/security/permissions";
import { inList } from "../../../db/d1-params";

// The choices of the Query history filters: the databases the caller may use, and, for those who see
// everyone's runs (all_query_access, as GET /api/v1/query/ decides), the users.

export async function historyFilterChoices(context: AppLoadContext, principal: Principal) {
  const scope = accessibleDatabaseIds(principal);
  const dbQuery = context.db.select({ id: databases.id, name: databases.database_name }).from(databases);
  const dbs =
    scope === "all"
      ? await dbQuery.orderBy(asc(databases.database_name)).all()
      : scope.length
        ? await dbQuery.where(inList(databases.id, scope)).orderBy(asc(databases.database_name)).all()
        : [];
  const seesAll = can(principal, "all_query_access", "all_query_access");
  const people = seesAll
    ? await context.db.select({ id: users.id, first_name: users.first_name, last_name: users.last_name, username: users.username }).from(users).orderBy(asc(users.username)).all()
    : [];
  return {
    databases: dbs.map((d) => ({ value: String(d.id), label: d.name })),
    users: people.map((u) => ({ value: String(u.id), label: `${u.first_name} ${u.last_name}`.trim() || u.username })),
  };
}
