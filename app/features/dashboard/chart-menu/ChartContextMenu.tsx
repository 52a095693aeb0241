import { useState } from "react";
import { Loader, Menu, TextInput } from "@mantine/core";
import { drillFilterLabel, type DrillFilter } from "../../../../core/dashboards/drill-detail";
import { useDashboardView } from "../view-context";
import { useDrillByColumns } from "./drill-by-columns";
import { useTranslation } from "../../../i18n/react";

// The menu a right-click on a dashboard chart opens where the pointer is (Superset's ChartContextMenu):
// "Drill to detail" (all rows behind the chart) and, over a value, "Drill to detail by <value>" and "Drill by"
// (a column of the dataset, searchable, to group the chart by within that value). The drill-by modal opens the
// same menu with Drill by only, to drill further.

export interface ContextMenuAt {
  x: number;
  y: number;
  /** the values under the pointer, as filters (a heatmap cell names two), when the chart can name them */
  filters: DrillFilter[];
}

function DrillBySub({ formData, filters, onDrillBy }: { formData: Record<string, unknown>; filters: DrillFilter[]; onDrillBy: (column: string) => void }) {
  const view = useDashboardView();
  const columns = useDrillByColumns(view.dashboard?.id, formData, filters.length > 0);
  const [search, setSearch] = useState("");
  const { t } = useTranslation();
  if (!filters.length) return <Menu.Item disabled title={t("Drill by is not available for this data point")} data-testid="context-drill-by">{t("Drill by")}</Menu.Item>;
  const shown = (columns ?? []).filter((c) => c.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <Menu.Sub>
      <Menu.Sub.Target>
        <Menu.Sub.Item data-testid="context-drill-by">{t("Drill by")}</Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown data-testid="drill-by-columns" mah={320} style={{ overflowY: "auto" }}>
        <TextInput size="xs" m={4} placeholder={t("Search columns")} aria-label={t("Search columns")} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        {columns === null && <Loader size="xs" m="xs" />}
        {columns !== null && !shown.length && <Menu.Item disabled>{t("No columns found")}</Menu.Item>}
        {shown.map((c) => <Menu.Item key={c} onClick={() => onDrillBy(c)} data-testid="drill-by-column">{c}</Menu.Item>)}
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}

export function ChartContextMenu({ at, formData, onDrill, onDrillBy, onClose }: {
  at: ContextMenuAt;
  formData: Record<string, unknown>;
  /** drill to detail (absent: not offered) */
  onDrill?: (filters: DrillFilter[]) => void;
  onDrillBy: (filters: DrillFilter[], column: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu opened onChange={(open) => !open && onClose()} position="bottom-start" withinPortal>
      <Menu.Target>
        <div style={{ position: "fixed", left: at.x, top: at.y, width: 1, height: 1 }} />
      </Menu.Target>
      <Menu.Dropdown data-testid="chart-context-menu">
        {onDrill && <Menu.Item onClick={() => onDrill([])} data-testid="context-drill-detail">{t("Drill to detail")}</Menu.Item>}
        {onDrill && at.filters.length > 0 && <Menu.Item onClick={() => onDrill(at.filters)} data-testid="context-drill-detail-by">{t("Drill to detail by {{names}}", { names: at.filters.map(drillFilterLabel).join(", ") })}</Menu.Item>}
        <DrillBySub formData={formData} filters={at.filters} onDrillBy={(column) => onDrillBy(at.filters, column)} />
      </Menu.Dropdown>
    </Menu>
  );
}
