import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { databases } from "../../../db/schema";
import { listPage, type ListSpec } from "../../../db/lists/list";
import { userNames, type DatabaseRow } from "../../../db/databases/databases";
import { accessibleDatabaseIds, hasAnyDataAccess } from "../../../core/security/database-visibility";
import { can, type Principal } from "../../../core/security/permissions";
import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { naturalTime } from "../../../core/sqllab/humanize";
import { engineLabel } from "../../../core/connectors/errors";
import { DATABASE_LIST } from "./list-config";
import { inList } from "../../../db/d1-params";

// The Databases list page reads the same rows as GET /api/v1/database/ (same visibility filter); changes
// go through the API from the browser so they share its validation and password handling.

function spec(principal: Principal): ListSpec {
  const ids = accessibleDatabaseIds(principal);
  return {
    table: databases,
    columns: {
      database_name: databases.database_name, backend: databases.engine, allow_run_async: databases.allow_run_async,
      allow_dml: databases.allow_dml, expose_in_sqllab: databases.expose_in_sqllab, changed_on_delta_humanized: databases.changed_on,
    },
    defaultOrder: { column: databases.changed_on, direction: "desc" },
    baseWhere: ids === "all" ? undefined : ids.length ? inList(databases.id, ids) : sql`0`,
  };
}

export async function loadDatabasesPage(context: AppLoadContext, principal: Principal, state: ListUrlState) {
  const args = parseListArgs(listQuery(state, DATABASE_LIST));
  const { count, rows } = await listPage<DatabaseRow>(context.db, spec(principal), args);
  const users = await userNames(context.db, rows.flatMap((r) => [r.created_by_fk]));
  const now = new Date();
  const name = (id: number | null) => {
    const u = id ? users.get(id) : undefined;
    return u ? `${u.first_name} ${u.last_name}`.trim() : null;
  };
  return {
    count,
    pageSize: DATABASE_LIST.pageSize,
    canWrite: can(principal, "can_write", "Database"),
    hasDataAccess: hasAnyDataAccess(principal),
    databases: rows.map((r) => ({
      id: r.id,
      database_name: r.database_name,
      backend: engineLabel(r.engine),
      allow_run_async: r.allow_run_async,
      allow_dml: r.allow_dml,
      expose_in_sqllab: r.expose_in_sqllab,
      created_by: name(r.created_by_fk),
      changed_on: r.changed_on,
      changed_on_delta_humanized: naturalTime(r.changed_on, now),
    })),
  };
}
