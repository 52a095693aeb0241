import { Box, Divider, Tabs, Title } from "@mantine/core";
import {
  GRID_COLUMN_COUNT, GRID_GUTTER_SIZE, chartTitle, childrenOf, componentText, rowsToPx, widthInColumns, type Layout, type LayoutComponent,
} from "../../../core/dashboards/layout";
import { DashboardChart, type DashboardChartData } from "./DashboardChart";
import { DashboardMarkdown } from "./DashboardMarkdown";

// Draws Superset's position_json tree as Superset's dashboard grid does: rows lay their children side by side,
// columns stack theirs, widths are grid columns of the dashboard's 12 (with 16 px gutters) and heights 8 px grid
// rows. Widths are CSS container units of the grid element, so the server's HTML already has the right layout.

export interface LayoutContext {
  layout: Layout;
  charts: Record<string, DashboardChartData>;
  activeTabs: Record<string, string>;
  onTab: (tabsId: string, tabId: string) => void;
  csrfToken: string | null;
}

/** The CSS width of `columns` grid columns of the dashboard grid (the nearest `container-type` element). */
export function columnsWidth(columns: number): string {
  const n = Math.min(GRID_COLUMN_COUNT, Math.max(1, Math.round(columns)));
  const gutters = (GRID_COLUMN_COUNT - 1) * GRID_GUTTER_SIZE;
  return `calc((100cqw - ${gutters}px) * ${n} / ${GRID_COLUMN_COUNT} + ${(n - 1) * GRID_GUTTER_SIZE}px)`;
}

const HEADER_ORDER: Record<string, 2 | 3 | 4> = { LARGE_HEADER: 2, MEDIUM_HEADER: 3, SMALL_HEADER: 4 };

export function LayoutNode({ component, parentId, ctx }: { component: LayoutComponent; parentId?: string; ctx: LayoutContext }) {
  const kids = () => childrenOf(ctx.layout, component.id).map((child) => <LayoutNode key={child.id} component={child} parentId={component.id} ctx={ctx} />);
  switch (component.type) {
    case "ROOT":
    case "TAB":
      return <>{kids()}</>;
    case "GRID":
      return <Box style={{ display: "flex", flexDirection: "column", gap: GRID_GUTTER_SIZE }} data-testid="dashboard-grid">{kids()}</Box>;
    case "ROW":
      return (
        <Box style={{ display: "flex", gap: GRID_GUTTER_SIZE, alignItems: "flex-start", background: component.meta.background === "BACKGROUND_WHITE" ? "var(--mantine-color-body)" : undefined }}
          className="dashboard-row" data-testid="dashboard-row">
          {kids()}
        </Box>
      );
    case "COLUMN":
      return (
        <Box style={{ width: columnsWidth(component.meta.width ?? 1), display: "flex", flexDirection: "column", gap: GRID_GUTTER_SIZE, flexShrink: 0 }} className="dashboard-column" data-testid="dashboard-column">
          {kids()}
        </Box>
      );
    case "CHART": {
      const chart = component.meta.chartId !== undefined ? ctx.charts[String(component.meta.chartId)] : undefined;
      return (
        <DashboardChart layoutId={component.id} chart={chart} title={chartTitle(component, chart?.slice_name)} csrfToken={ctx.csrfToken}
          width={columnsWidth(widthInColumns(ctx.layout, component, parentId))} height={rowsToPx(component.meta.height)} />
      );
    }
    case "MARKDOWN":
      return <DashboardMarkdown code={component.meta.code ?? ""} width={columnsWidth(widthInColumns(ctx.layout, component, parentId))} height={rowsToPx(component.meta.height)} />;
    case "HEADER":
      return (
        <Title order={HEADER_ORDER[component.meta.headerSize ?? ""] ?? 3} id={component.id} data-testid="dashboard-header-component"
          style={{ padding: "8px 0", background: component.meta.background === "BACKGROUND_WHITE" ? "var(--mantine-color-body)" : undefined }}>
          {componentText(component)}
        </Title>
      );
    case "DIVIDER":
      return <Divider my="xs" data-testid="dashboard-divider" />;
    case "TABS": {
      const tabs = childrenOf(ctx.layout, component.id).filter((t) => t.type === "TAB");
      const active = ctx.activeTabs[component.id] ?? tabs[0]?.id ?? null;
      return (
        <Tabs value={active} onChange={(v) => v && ctx.onTab(component.id, v)} keepMounted={false} data-testid="dashboard-tabs">
          <Tabs.List mb="sm">
            {tabs.map((t) => <Tabs.Tab key={t.id} value={t.id} data-testid="dashboard-tab" data-tab-id={t.id}>{componentText(t)}</Tabs.Tab>)}
          </Tabs.List>
          {tabs.map((t) => (
            <Tabs.Panel key={t.id} value={t.id}>
              <Box style={{ display: "flex", flexDirection: "column", gap: GRID_GUTTER_SIZE }}><LayoutNode component={t} parentId={component.id} ctx={ctx} /></Box>
            </Tabs.Panel>
          ))}
        </Tabs>
      );
    }
    default:
      return null;
  }
}
