import { sqliteTable, integer, text, primaryKey, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { audit, bool, id } from "./columns";

// Flask-AppBuilder's security model, kept with Superset's table names so exports and scripts line up.
export const users = sqliteTable("ab_user", {
  id: id(),
  first_name: text("first_name").notNull().default(""),
  last_name: text("last_name").notNull().default(""),
  username: text("username").notNull().unique(),
  password: text("password"), // PBKDF2 hash, never returned
  active: bool("active").notNull().default(true),
  email: text("email").notNull().unique(),
  last_login: text("last_login"),
  login_count: integer("login_count").notNull().default(0),
  fail_login_count: integer("fail_login_count").notNull().default(0),
  /** sessions and tokens carry the generation they were issued in; a password change or deactivation bumps it */
  session_generation: integer("session_generation").notNull().default(0),
  /** IANA zone relative time ranges and shown times follow; null until set (the browser's zone on first sign-in) */
  time_zone: text("time_zone"),
  /** BCP 47 locale tag (e.g. de-DE); null until set */
  locale: text("locale"),
  ...audit,
});

/** Sessions ended by logout before their cookie expires; purged by the cron once expired. */
export const revokedSessions = sqliteTable("revoked_session", {
  sid: text("sid").primaryKey(),
  expires_on: text("expires_on").notNull(),
});

export const roles = sqliteTable("ab_role", {
  id: id(),
  name: text("name").notNull().unique(),
});

export const userRoles = sqliteTable(
  "ab_user_role",
  {
    user_id: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role_id: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] })],
);

export const permissions = sqliteTable("ab_permission", {
  id: id(),
  name: text("name").notNull().unique(),
});

export const viewMenus = sqliteTable("ab_view_menu", {
  id: id(),
  name: text("name").notNull().unique(),
});

export const permissionViews = sqliteTable(
  "ab_permission_view",
  {
    id: id(),
    permission_id: integer("permission_id").notNull().references(() => permissions.id, { onDelete: "cascade" }),
    view_menu_id: integer("view_menu_id").notNull().references(() => viewMenus.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("ab_permission_view_pair").on(t.permission_id, t.view_menu_id)],
);

export const permissionViewRoles = sqliteTable(
  "ab_permission_view_role",
  {
    permission_view_id: integer("permission_view_id").notNull().references(() => permissionViews.id, { onDelete: "cascade" }),
    role_id: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
  },
  // by role: loading a user's permissions reads only their roles' rows, not every role's (the primary key leads
  // with the pair, so without it each principal load scanned the whole table and grew with unrelated roles)
  (t) => [primaryKey({ columns: [t.permission_view_id, t.role_id] }), index("ab_permission_view_role_role").on(t.role_id, t.permission_view_id)],
);
