import { Fragment } from "react";
import { Box, Divider } from "@mantine/core";
import {
  GRID_DEFAULT_HEIGHT, chartTitle, childrenOf, rowsToPx, widthInColumns, type LayoutComponent,
} from "../../../../core/dashboards/layout";
import { DashboardChart } from "../DashboardChart";
import { columnsWidth } from "../LayoutNode";
import { DropZone } from "./DropZone";
import { EditFrame } from "./EditFrame";
import { EditHeader } from "./EditHeader";
import { EditMarkdown } from "./EditMarkdown";
import { EditTabs } from "./EditTabs";
import { BackgroundMenu, ChartTitleMenu } from "./FrameMenus";
import { useEdit } from "./edit-context";

// The dashboard's layout tree in edit mode: the same grid as view mode (12 columns, 8 px rows, widths in
// container units), with a drop zone between every two children of a container and a frame around every
// component to drag, delete and resize it.

/** A vertical list of children (grid, tab, column) with drop zones between them. */
export function ChildList({ parentId, emptyLabel }: { parentId: string; emptyLabel: string }) {
  const ctx = useEdit();
  const kids = childrenOf(ctx.layout, parentId);
  if (!kids.length) return <DropZone parentId={parentId} index={0} direction="column" empty label={emptyLabel} />;
  return (
    <Box style={{ display: "flex", flexDirection: "column" }}>
      {kids.map((child) => (
        <Fragment key={child.id}>
          <DropZone parentId={parentId} index={ctx.layout[parentId].children.indexOf(child.id)} direction="column" />
          <EditNode component={child} parentId={parentId} />
        </Fragment>
      ))}
      <DropZone parentId={parentId} index={ctx.layout[parentId].children.length} direction="column" />
    </Box>
  );
}

function Row({ component }: { component: LayoutComponent }) {
  const ctx = useEdit();
  const kids = childrenOf(ctx.layout, component.id);
  return (
    <EditFrame component={component} label="row" controlsRight tools={<BackgroundMenu component={component} />}>
      {() => (
        <Box data-testid="dashboard-row" style={{ display: "flex", alignItems: "flex-start", minHeight: 64,
          background: component.meta.background === "BACKGROUND_WHITE" ? "var(--mantine-color-body)" : undefined }}>
          {!kids.length && <DropZone parentId={component.id} index={0} direction="row" empty label="Empty row" />}
          {kids.map((child, i) => (
            <Fragment key={child.id}>
              <DropZone parentId={component.id} index={component.children.indexOf(child.id)} direction="row" edge={i === 0} />
              <EditNode component={child} parentId={component.id} />
            </Fragment>
          ))}
          {!!kids.length && <DropZone parentId={component.id} index={component.children.length} direction="row" edge />}
        </Box>
      )}
    </EditFrame>
  );
}

export function EditNode({ component, parentId }: { component: LayoutComponent; parentId: string }) {
  const ctx = useEdit();
  switch (component.type) {
    case "GRID":
      return <ChildList parentId={component.id} emptyLabel="Drag and drop components and charts to the dashboard" />;
    case "ROW":
      return <Row component={component} />;
    case "COLUMN":
      return (
        <EditFrame component={component} label="column" widthCols={component.meta.width ?? 1} style={{ flexShrink: 0 }} tools={<BackgroundMenu component={component} />}>
          {({ width }) => (
            <Box data-testid="dashboard-column" style={{ width: columnsWidth(width ?? 1),
              background: component.meta.background === "BACKGROUND_WHITE" ? "var(--mantine-color-body)" : undefined }}>
              <ChildList parentId={component.id} emptyLabel="Empty column" />
            </Box>
          )}
        </EditFrame>
      );
    case "CHART": {
      const chart = component.meta.chartId !== undefined ? ctx.charts[String(component.meta.chartId)] : undefined;
      return (
        <EditFrame component={component} label="chart" widthCols={widthInColumns(ctx.layout, component, parentId)}
          heightRows={component.meta.height ?? GRID_DEFAULT_HEIGHT} resizeHeight style={{ flexShrink: 0 }}
          tools={<ChartTitleMenu component={component} chartName={chart?.slice_name ?? component.meta.sliceName ?? ""} />}>
          {({ width, height }) => (
            <DashboardChart layoutId={component.id} chart={chart} title={chartTitle(component, chart?.slice_name)} csrfToken={ctx.csrfToken}
              width={columnsWidth(width ?? 4)} height={rowsToPx(height)} />
          )}
        </EditFrame>
      );
    }
    case "MARKDOWN":
      return <EditMarkdown component={component} parentId={parentId} />;
    case "HEADER":
      return <EditHeader component={component} />;
    case "DIVIDER":
      return (
        <EditFrame component={component} label="divider">
          {() => <Divider my="xs" data-testid="dashboard-divider" />}
        </EditFrame>
      );
    case "TABS":
      return <EditTabs component={component} content={(tabId) => <ChildList parentId={tabId} emptyLabel="Drag and drop components to this tab" />} />;
    default:
      return null;
  }
}
