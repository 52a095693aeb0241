import { useState } from "react";
import { Box, Text } from "@mantine/core";
import { canDrop } from "../../../../core/dashboards/edit/ops";
import { useEdit } from "./edit-context";

// A place a dragged component can land: between two children of a container, or the whole of an empty one.
// Zones are always in the page (not only while dragging), so the grid does not jump when a drag starts; a zone
// lights up only for a drag it accepts (the type and depth rules), and refuses the others by not taking the drop.

export function DropZone({ parentId, index, direction, empty, label, edge }: {
  parentId: string;
  index: number;
  /** "column": a horizontal bar between stacked children; "row": a vertical bar between side-by-side ones */
  direction: "column" | "row";
  /** the container has no children: the zone fills it and says so */
  empty?: boolean;
  label?: string;
  /** the first or last zone of a row: half a gutter, so a full row still fits the grid */
  edge?: boolean;
}) {
  const ctx = useEdit();
  const [over, setOver] = useState(false);
  const accepts = !!ctx.dragging && canDrop(ctx.layout, ctx.dragging, parentId);
  const acceptsNow = () => {
    const drag = ctx.currentDrag();
    return !!drag && canDrop(ctx.layout, drag, parentId);
  };
  const size = empty ? { minHeight: 64, flex: 1 } : direction === "column" ? { height: 16 } : { width: edge ? 8 : 16, alignSelf: "stretch" as const, flexShrink: 0 };
  return (
    <Box
      data-testid="drop-zone"
      data-parent-id={parentId}
      data-index={index}
      onDragOver={(e) => {
        if (!acceptsNow()) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
        if (!over) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        ctx.drop({ parentId, index });
      }}
      style={{
        ...size,
        borderRadius: 4,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        border: empty ? "1px dashed var(--mantine-color-gray-5)" : undefined,
        background: over ? "var(--mantine-color-blue-5)" : accepts ? "var(--mantine-color-blue-light)" : undefined,
        transition: "background 80ms",
      }}
    >
      {empty && <Text size="sm" c="dimmed">{label ?? "Drop here"}</Text>}
    </Box>
  );
}
