import { useRef, useState, type ReactNode } from "react";
import { ActionIcon, Box, Group, Tooltip } from "@mantine/core";
import { GRID_COLUMN_COUNT, GRID_GUTTER_SIZE, GRID_BASE_UNIT, type LayoutComponent } from "../../../../core/dashboards/layout";
import { GRID_MAX_ROW_UNITS, GRID_MIN_ROW_UNITS } from "../../../../core/dashboards/edit/components";
import { widthRange } from "../../../../core/dashboards/edit/ops";
import { useEdit } from "./edit-context";

// The edit-mode frame around a layout component: a drag handle (HTML5 drag and drop: the nested layout tree is
// not a flat grid, so react-grid-layout does not fit it; see docs/decisions/0011-dashboard-edit-dnd.md), a delete
// button, and for charts, markdown and columns a corner handle that resizes in whole grid columns (only inside a
// row, up to what the row leaves free) and 8 px grid rows, previewed while dragging and applied once on release.

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

export function EditFrame({ component, widthCols, heightRows, resizeHeight, label, children, style, controlsRight, tools }: {
  component: LayoutComponent;
  widthCols?: number;
  heightRows?: number;
  /** may the height change (charts and markdown; not columns) */
  resizeHeight?: boolean;
  label: string;
  children: (size: { width?: number; height?: number }) => ReactNode;
  style?: React.CSSProperties;
  /** the drag and delete buttons at the top right (rows: their first child has its own at the top left) */
  controlsRight?: boolean;
  /** more buttons beside drag and delete (background, chart title) */
  tools?: ReactNode;
}) {
  const ctx = useEdit();
  const frame = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<{ width?: number; height?: number } | null>(null);
  const range = widthRange(ctx.layout, component.id);
  const canResize = (range && widthCols !== undefined) || (resizeHeight && heightRows !== undefined);

  const startResize = (e: React.PointerEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const start = { x: e.clientX, y: e.clientY };
    const step = (ctx.gridWidth - (GRID_COLUMN_COUNT - 1) * GRID_GUTTER_SIZE) / GRID_COLUMN_COUNT + GRID_GUTTER_SIZE;
    let latest: { width?: number; height?: number } | null = null;
    const move = (ev: PointerEvent) => {
      latest = {
        width: range && widthCols !== undefined && step > 0 ? clamp(widthCols + Math.round((ev.clientX - start.x) / step), range.min, range.max) : undefined,
        height: resizeHeight && heightRows !== undefined ? clamp(heightRows + Math.round((ev.clientY - start.y) / GRID_BASE_UNIT), GRID_MIN_ROW_UNITS, GRID_MAX_ROW_UNITS) : undefined,
      };
      setPreview(latest);
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      setPreview(null);
      if (latest) ctx.resize(component.id, latest);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  };

  const size = { width: preview?.width ?? widthCols, height: preview?.height ?? heightRows };
  return (
    <Box ref={frame} pos="relative" data-testid="edit-component" data-component-id={component.id} data-component-type={component.type}
      data-width={size.width} data-height={size.height}
      style={{ outline: "1px dashed var(--mantine-color-gray-4)", outlineOffset: 2, ...style }}>
      <Group gap={2} pos="absolute" top={-10} left={controlsRight ? undefined : -6} right={controlsRight ? -6 : undefined} style={{ zIndex: 3 }} wrap="nowrap">
        <Tooltip label={`Drag ${label}`}>
          <ActionIcon size="sm" variant="default" draggable aria-label={`Drag ${label}`} data-testid="drag-handle" style={{ cursor: "grab" }}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", component.id);
              if (frame.current) e.dataTransfer.setDragImage(frame.current, 8, 8);
              ctx.startDrag({ kind: "move", id: component.id });
            }}
            onDragEnd={() => ctx.endDrag()}>
            ⠿
          </ActionIcon>
        </Tooltip>
        <Tooltip label={`Delete ${label}`}>
          <ActionIcon size="sm" variant="default" color="red" aria-label={`Delete ${label}`} data-testid="delete-component" onClick={() => ctx.remove(component.id)}>
            ✕
          </ActionIcon>
        </Tooltip>
        {tools}
      </Group>
      {children(size)}
      {canResize && (
        <Box data-testid="resize-handle" aria-label={`Resize ${label}`} onPointerDown={startResize}
          style={{ position: "absolute", right: -6, bottom: -6, width: 14, height: 14, cursor: "nwse-resize", zIndex: 3,
            background: "var(--mantine-color-blue-6)", borderRadius: 3, touchAction: "none" }} />
      )}
    </Box>
  );
}
