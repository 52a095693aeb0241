import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { taggedObjects, tags } from "../schema";
import { badRequest } from "../../core/http/errors";
import type { ListFilter } from "../../core/http/list-query";
import type { ObjectType } from "../../core/tags/tags";

// Superset's <Resource>TagNameFilter and <Resource>TagIdFilter on the dashboard, chart and saved query lists:
// the objects holding a tag whose name contains the text, or the tag with that id (the lists' "Tag" filter).

/** The filter operators of one list: dashboard_tags / dashboard_tag_id, chart_tags / chart_tag_id, … */
export function tagFilter(prefix: string, type: ObjectType, idColumn: SQLiteColumn) {
  return (f: ListFilter): SQL | undefined => {
    if (f.col !== "tags" || (f.opr !== `${prefix}_tags` && f.opr !== `${prefix}_tag_id`)) return undefined;
    let which: SQL;
    if (f.opr === `${prefix}_tag_id`) {
      if (!Number.isSafeInteger(f.value)) throw badRequest(`Filter ${f.opr} needs a tag id`);
      which = sql`${taggedObjects.tag_id} = ${f.value as number}`;
    } else {
      if (typeof f.value !== "string") throw badRequest(`Filter ${f.opr} needs a text value`);
      const like = `%${f.value.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      which = sql`${taggedObjects.tag_id} IN (SELECT ${tags.id} FROM ${tags} WHERE lower(${tags.name}) LIKE lower(${like}) ESCAPE '\\')`;
    }
    return sql`${idColumn} IN (SELECT ${taggedObjects.object_id} FROM ${taggedObjects} WHERE ${taggedObjects.object_type} = ${type} AND ${which})`;
  };
}
