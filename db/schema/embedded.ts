import { sqliteTable, integer, text } from "drizzle-orm/sqlite-core";
import { audit } from "./columns";
import { dashboards } from "./charts-dashboards";

// Superset's EmbeddedDashboard: a dashboard made embeddable under a uuid of its own (the one the embedded SDK
// and guest tokens name), with the host origins allowed to frame it. One per dashboard; gone with its dashboard.
export const embeddedDashboards = sqliteTable("embedded_dashboards", {
  uuid: text("uuid").primaryKey(),
  dashboard_id: integer("dashboard_id").notNull().unique().references(() => dashboards.id, { onDelete: "cascade" }),
  /** JSON list of origins; empty means any host may frame it (as Superset) */
  allowed_domains: text("allowed_domains").notNull().default("[]"),
  ...audit,
});
