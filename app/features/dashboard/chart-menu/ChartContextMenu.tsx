import { Menu } from "@mantine/core";
import { drillFilterLabel, type DrillFilter } from "../../../../core/dashboards/drill-detail";

// The menu a right-click on a dashboard chart opens where the pointer is (Superset's ChartContextMenu):
// "Drill to detail" (all rows behind the chart) and, over a value, "Drill to detail by <value>".

export interface ContextMenuAt {
  x: number;
  y: number;
  /** the values under the pointer, as filters (a heatmap cell names two), when the chart can name them */
  filters: DrillFilter[];
}

export function ChartContextMenu({ at, onDrill, onClose }: { at: ContextMenuAt; onDrill: (filters: DrillFilter[]) => void; onClose: () => void }) {
  return (
    <Menu opened onChange={(open) => !open && onClose()} position="bottom-start" withinPortal>
      <Menu.Target>
        <div style={{ position: "fixed", left: at.x, top: at.y, width: 1, height: 1 }} />
      </Menu.Target>
      <Menu.Dropdown data-testid="chart-context-menu">
        <Menu.Item onClick={() => onDrill([])} data-testid="context-drill-detail">Drill to detail</Menu.Item>
        {at.filters.length > 0 && <Menu.Item onClick={() => onDrill(at.filters)} data-testid="context-drill-detail-by">Drill to detail by {at.filters.map(drillFilterLabel).join(", ")}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}
