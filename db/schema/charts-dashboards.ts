import { sqliteTable, integer, text, primaryKey } from "drizzle-orm/sqlite-core";
import { audit, bool, id } from "./columns";
import { roles, users } from "./security";

export const charts = sqliteTable("slices", {
  id: id(),
  uuid: text("uuid").notNull().unique(),
  slice_name: text("slice_name").notNull(),
  viz_type: text("viz_type").notNull(),
  datasource_id: integer("datasource_id"),
  datasource_type: text("datasource_type"),
  params: text("params"), // form data as JSON
  query_context: text("query_context"),
  description: text("description"),
  cache_timeout: integer("cache_timeout"),
  certified_by: text("certified_by"),
  certification_details: text("certification_details"),
  is_managed_externally: bool("is_managed_externally").notNull().default(false),
  external_url: text("external_url"),
  ...audit,
});

export const chartOwners = sqliteTable(
  "slice_user",
  {
    user_id: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    slice_id: integer("slice_id").notNull().references(() => charts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.slice_id] })],
);

export const dashboards = sqliteTable("dashboards", {
  id: id(),
  uuid: text("uuid").notNull().unique(),
  dashboard_title: text("dashboard_title").notNull().default("[ untitled dashboard ]"),
  slug: text("slug").unique(),
  position_json: text("position_json"),
  json_metadata: text("json_metadata"),
  css: text("css"),
  description: text("description"),
  published: bool("published").notNull().default(false),
  certified_by: text("certified_by"),
  certification_details: text("certification_details"),
  is_managed_externally: bool("is_managed_externally").notNull().default(false),
  external_url: text("external_url"),
  ...audit,
});

export const dashboardOwners = sqliteTable(
  "dashboard_user",
  {
    user_id: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    dashboard_id: integer("dashboard_id").notNull().references(() => dashboards.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.dashboard_id] })],
);

export const dashboardRoles = sqliteTable(
  "dashboard_roles",
  {
    role_id: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
    dashboard_id: integer("dashboard_id").notNull().references(() => dashboards.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.dashboard_id] })],
);

export const dashboardCharts = sqliteTable(
  "dashboard_slices",
  {
    dashboard_id: integer("dashboard_id").notNull().references(() => dashboards.id, { onDelete: "cascade" }),
    slice_id: integer("slice_id").notNull().references(() => charts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.dashboard_id, t.slice_id] })],
);
