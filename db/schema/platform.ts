import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, nowIso } from "./columns";
import { users } from "./security";

// Key-value store: share links (/kv/store/), permalinks, explore form data. Expired rows are purged by the cron.
export const keyValues = sqliteTable(
  "key_value",
  {
    id: id(),
    uuid: text("uuid").notNull().unique(),
    resource: text("resource").notNull(), // 'app' (legacy /kv/), 'sqllab_permalink', 'dashboard_permalink', 'explore_permalink'
    value: text("value").notNull(),
    expires_on: text("expires_on"),
    created_on: text("created_on").$defaultFn(nowIso),
    created_by_fk: integer("created_by_fk"),
  },
  (t) => [index("key_value_expires").on(t.expires_on)],
);

export const favorites = sqliteTable(
  "favstar",
  {
    id: id(),
    user_id: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    class_name: text("class_name").notNull(), // 'slice', 'Dashboard', 'query'
    obj_id: integer("obj_id").notNull(),
    dttm: text("dttm").$defaultFn(nowIso),
  },
  (t) => [uniqueIndex("favstar_unique").on(t.user_id, t.class_name, t.obj_id)],
);

// Event log (Superset's logs table): one row per event.
export const logs = sqliteTable(
  "logs",
  {
    id: id(),
    action: text("action"),
    user_id: integer("user_id"),
    json: text("json"),
    dttm: text("dttm").$defaultFn(nowIso),
    dashboard_id: integer("dashboard_id"),
    slice_id: integer("slice_id"),
    duration_ms: integer("duration_ms"),
    referrer: text("referrer"),
  },
  (t) => [index("logs_dttm").on(t.dttm), index("logs_user").on(t.user_id)],
);

