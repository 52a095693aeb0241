import { sql } from "drizzle-orm";
import { databases } from "../schema";
import type { ListSpec } from "../lists/list";
import { inList } from "../d1-params";

/** Superset's DatabaseRestApi list over the databases the caller may see (`ids`, or "all"). */
export function databaseListSpec(ids: number[] | "all"): ListSpec {
  return {
    table: databases,
    columns: {
      id: databases.id,
      database_name: databases.database_name,
      expose_in_sqllab: databases.expose_in_sqllab,
      allow_file_upload: databases.allow_file_upload,
      allow_run_async: databases.allow_run_async,
      allow_dml: databases.allow_dml,
      backend: databases.engine,
      changed_on: databases.changed_on,
      changed_on_delta_humanized: databases.changed_on,
      created_by: databases.created_by_fk,
      uuid: databases.uuid,
    },
    defaultOrder: { column: databases.changed_on, direction: "desc" },
    // Superset's DatabaseUploadEnabledFilter (the upload dialogs' database picker): databases that allow file
    // upload; Superset ignores the value sent (!t)
    customFilter: (f) => (f.col === "allow_file_upload" && f.opr === "upload_is_enabled" ? sql`${databases.allow_file_upload} = 1` : undefined),
    // Superset's DatabaseFilter: without all_database_access a user lists only the databases granted to them.
    baseWhere: ids === "all" ? undefined : ids.length ? inList(databases.id, ids) : sql`0`,
  };
}
