import type { SerializeFrom } from "@remix-run/cloudflare";
import type { loadDashboardsPage } from "./dashboards.server";

export type DashboardRowData = SerializeFrom<Awaited<ReturnType<typeof loadDashboardsPage>>["dashboards"][number]>;

export const ownerNames = (d: DashboardRowData) => d.owners.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ");

/** What a row's actions do; the page owns the dialogs and the calls. */
export interface DashboardRowActions {
  onFavorite: (dashboard: DashboardRowData) => void;
  onEdit: (dashboard: DashboardRowData) => void;
  onDelete: (dashboard: DashboardRowData) => void;
}
