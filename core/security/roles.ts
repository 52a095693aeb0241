// The built-in roles (Admin, Alpha, Gamma, Public, sql_lab, Guest) and their permission pairs, mirroring Superset's defaults
// (Guest is this product's: the embedded viewer's role, GUEST_ROLE_NAME's default; ADR 0018).
import type { PermissionPair } from "./permissions";

const RESOURCES = [
  "Chart", "Dashboard", "Dataset", "Database", "SavedQuery", "Query", "ReportSchedule", "Log", "Tag",
  "Annotation", "CssTemplate", "Row Level Security", "User", "Role", "Explore", "ExploreFormDataRestApi",
  "ExplorePermalinkRestApi", "DashboardPermalinkRestApi", "SqlLabPermalinkRestApi", "AsyncEventsRestApi",
  "SQLLab", "TabStateView", "TableSchemaView", "KV", "Datasource", "Superset", "Api", "SecurityRestApi", "ImportExportRestApi",
] as const;

const readWrite = (view: string): PermissionPair[] => [["can_read", view], ["can_write", view]];

/** Menus that a user may see: `menu_access` on the menu name. */
export const MENUS = [
  "Dashboards", "Charts", "Datasets", "Databases", "SQL Lab", "SQL Editor", "Saved Queries", "Query Search",
  "Action Log", "List Users", "List Roles", "Security", "Data", "Alerts & Report", "Tags",
  "CSS Templates", "Annotation Layers",
] as const;

const menus = (...names: string[]): PermissionPair[] => names.map((m) => ["menu_access", m] as const);

const SQL_LAB: PermissionPair[] = [
  ["can_sqllab", "Superset"],
  ["can_csv", "Superset"],
  ["can_read", "SQLLab"], ["can_write", "SQLLab"], ["can_execute_sql_query", "SQLLab"], ["can_estimate_query_cost", "SQLLab"],
  ["can_format_sql", "SQLLab"], ["can_export_csv", "SQLLab"], ["can_get_results", "SQLLab"],
  ...readWrite("Query"), ...readWrite("SavedQuery"), ...readWrite("TabStateView"), ...readWrite("TableSchemaView"),
  ...readWrite("SqlLabPermalinkRestApi"), ...readWrite("KV"),
  ["can_read", "Database"], ["can_write", "Log"],
  ...menus("SQL Lab", "SQL Editor", "Saved Queries", "Query Search"),
];

const GAMMA: PermissionPair[] = [
  ["can_read", "Chart"], ["can_read", "Dashboard"], ["can_read", "Dataset"], ["can_read", "Tag"],
  ["can_read", "Annotation"], ["can_read", "CssTemplate"],
  ["can_read", "Explore"], ["can_read", "ExploreFormDataRestApi"], ["can_write", "ExploreFormDataRestApi"],
  ["can_read", "ExplorePermalinkRestApi"], ["can_write", "ExplorePermalinkRestApi"],
  ["can_read", "DashboardPermalinkRestApi"], ["can_write", "DashboardPermalinkRestApi"],
  ["can_read", "AsyncEventsRestApi"], ["can_read", "Datasource"],
  ["can_explore", "Superset"], ["can_share_dashboard", "Superset"], ["can_share_chart", "Superset"],
  ["can_csv", "Superset"], ["can_write", "Log"],
  ...menus("Dashboards", "Charts"),
];

const ALPHA: PermissionPair[] = [
  ...GAMMA,
  ...readWrite("Chart"), ...readWrite("Dashboard"), ...readWrite("Dataset"), ...readWrite("Tag"),
  ...readWrite("Annotation"), ...readWrite("CssTemplate"), ["can_write", "Datasource"],
  // Superset's ALPHA_ONLY_VIEW_MENUS: alerts and reports are not Gamma's
  ...readWrite("ReportSchedule"), ...menus("Alerts & Report", "CSS Templates", "Annotation Layers"),
  ["can_read", "Database"], ["all_datasource_access", "all_datasource_access"],
  ["all_database_access", "all_database_access"], ["can_upload", "Database"],
  ...menus("Datasets", "Data", "Tags"),
];

/** Admin holds every pair by name; the rights check also treats the role named Admin (any case) as all-powerful. */
const ADMIN: PermissionPair[] = [
  ...ALPHA,
  ...RESOURCES.flatMap((r) => readWrite(r)),
  ...SQL_LAB,
  ["all_query_access", "all_query_access"],
  // Superset's ADMIN_ONLY_PERMISSIONS: embedding a dashboard and minting guest tokens for it
  ["can_set_embedded", "Dashboard"], ["can_grant_guest_token", "SecurityRestApi"],
  ...menus(...MENUS),
];

/**
 * The guest role (GUEST_ROLE_NAME's default, "Guest"): an embedded dashboard's viewer reads the dashboard, its
 * charts and their data (drill to detail included), shares a permalink and logs its events. No SQL, no saved
 * object, and no export: an admin grants can_csv on Superset to this role to let embedded viewers download.
 * Migration 0014 makes it in databases that predate it; a new database gets it with the other roles.
 */
export const GUEST: PermissionPair[] = [
  ["can_read", "Dashboard"], ["can_read", "Chart"], ["can_read", "Dataset"], ["can_read", "Datasource"],
  ["can_read", "Annotation"], ["can_read", "CssTemplate"],
  ["can_read", "DashboardPermalinkRestApi"], ["can_write", "DashboardPermalinkRestApi"],
  ["can_read", "AsyncEventsRestApi"], ["can_write", "Log"],
];

/** The role an embedded dashboard's guest holds unless GUEST_ROLE_NAME names another. */
export const GUEST_ROLE = "Guest";

export const BUILT_IN_ROLES: Record<string, PermissionPair[]> = {
  Admin: dedupe(ADMIN),
  Alpha: dedupe(ALPHA),
  Gamma: dedupe(GAMMA),
  sql_lab: dedupe(SQL_LAB),
  Public: [],
  [GUEST_ROLE]: GUEST,
};

function dedupe(pairs: PermissionPair[]): PermissionPair[] {
  const seen = new Map<string, PermissionPair>();
  for (const p of pairs) seen.set(`${p[0]}|${p[1]}`, p);
  return [...seen.values()];
}
