import { can, isAdmin, type Principal } from "./security/permissions";

// The top navigation (Superset's menu). An item is listed here only once its page exists, and shown only to
// users who may use it, so nobody is offered a page that answers 403 or does not exist.

export interface MenuItem {
  label: string;
  href: string;
  /** a (permission, view) pair, or "admin" for user and role management */
  requires: readonly [string, string] | "admin";
}

export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

export const MENU: MenuGroup[] = [
  {
    label: "Data",
    items: [
      { label: "Databases", href: "/databaseview/list/", requires: ["can_read", "Database"] },
      { label: "Datasets", href: "/tablemodelview/list/", requires: ["can_read", "Dataset"] },
    ],
  },
  {
    label: "Dashboards",
    items: [{ label: "Dashboards", href: "/dashboard/list/", requires: ["can_read", "Dashboard"] }],
  },
  {
    label: "Charts",
    items: [{ label: "Charts", href: "/chart/list/", requires: ["can_read", "Chart"] }],
  },
  {
    label: "SQL",
    items: [
      { label: "SQL Lab", href: "/sqllab/", requires: ["can_sqllab", "Superset"] },
      { label: "Saved Queries", href: "/savedqueryview/list/", requires: ["can_read", "SavedQuery"] },
      { label: "Query History", href: "/sqllab/history/", requires: ["can_read", "Query"] },
    ],
  },
  {
    label: "Settings",
    items: [
      { label: "Alerts & Reports", href: "/alert/list/", requires: ["can_read", "ReportSchedule"] },
      // Superset's ALPHA_ONLY_VIEW_MENUS: Alpha and Admin see these menu entries
      { label: "Annotation Layers", href: "/annotationlayer/list/", requires: ["menu_access", "Annotation Layers"] },
      { label: "CSS Templates", href: "/csstemplatemodelview/list/", requires: ["menu_access", "CSS Templates"] },
      { label: "List Users", href: "/users/", requires: "admin" },
      { label: "List Roles", href: "/roles/", requires: "admin" },
      { label: "Row Level Security", href: "/rowlevelsecurity/list/", requires: ["can_read", "Row Level Security"] },
      // as Superset: the menu entry needs menu_access on Tags (Alpha and Admin); Gamma reads tags on lists only
      { label: "Tags", href: "/superset/tags/", requires: ["menu_access", "Tags"] },
      { label: "Action Log", href: "/logs/", requires: "admin" },
    ],
  },
];

export function mayUse(principal: Principal | null, item: MenuItem): boolean {
  if (!principal) return false;
  if (item.requires === "admin") return isAdmin(principal);
  return can(principal, item.requires[0], item.requires[1]);
}

/** The menu a user sees: groups with no visible item disappear. */
export function visibleMenu(principal: Principal | null, menu: MenuGroup[] = MENU): MenuGroup[] {
  return menu
    .map((g) => ({ label: g.label, items: g.items.filter((i) => mayUse(principal, i)) }))
    .filter((g) => g.items.length > 0);
}
