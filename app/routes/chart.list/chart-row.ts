import type { SerializeFrom } from "@remix-run/cloudflare";
import { CHART_TYPES } from "../../../core/charts/registry";
import type { loadChartsPage } from "./charts.server";

export type ChartRowData = SerializeFrom<Awaited<ReturnType<typeof loadChartsPage>>["charts"][number]>;

export const vizName = (vizType: string) => CHART_TYPES[vizType]?.metadata.name ?? vizType;
export const ownerNames = (c: ChartRowData) => c.owners.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ");

/** What a row's actions do; the page owns the dialogs and the calls. */
export interface ChartRowActions {
  onFavorite: (chart: ChartRowData) => void;
  onEdit: (chart: ChartRowData) => void;
  onDelete: (chart: ChartRowData) => void;
}
