import { useState, type DragEvent } from "react";

// Drag and drop from the dataset pane into controls (HTML5 drag and drop, as Superset's DnD controls). The kind
// of item travels in the drag's data type, so a control can tell during dragover — when the data itself cannot be
// read yet — whether it takes the item: it highlights to accept, and refuses (no drop effect) what it cannot take,
// such as a metric over a columns control.

export type DragKind = "column" | "metric";
const MIME: Record<DragKind, string> = { column: "application/x-explore-column", metric: "application/x-explore-metric" };

export function dragProps(kind: DragKind, name: string) {
  return {
    draggable: true,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.setData(MIME[kind], name);
      e.dataTransfer.setData("text/plain", name);
      e.dataTransfer.effectAllowed = "copy";
    },
    "data-drag-kind": kind,
  };
}

const kindOf = (e: DragEvent): DragKind | null =>
  e.dataTransfer.types.includes(MIME.column) ? "column" : e.dataTransfer.types.includes(MIME.metric) ? "metric" : null;

/** A drop target taking the kinds given; `state` is "accept" or "refuse" while an item is over it. */
export function useDropTarget(accepts: readonly DragKind[], onDrop: (kind: DragKind, name: string) => void) {
  const [state, setState] = useState<"accept" | "refuse" | null>(null);
  const handlers = {
    onDragOver: (e: DragEvent) => {
      const kind = kindOf(e);
      if (!kind) return;
      const ok = accepts.includes(kind);
      if (ok) e.preventDefault(); // only a prevented dragover lets the drop happen
      e.dataTransfer.dropEffect = ok ? "copy" : "none";
      setState(ok ? "accept" : "refuse");
    },
    onDragLeave: () => setState(null),
    onDrop: (e: DragEvent) => {
      setState(null);
      const kind = kindOf(e);
      if (!kind || !accepts.includes(kind)) return;
      e.preventDefault();
      onDrop(kind, e.dataTransfer.getData(MIME[kind]));
    },
  };
  const style = state === null ? undefined : {
    outline: `2px dashed var(--mantine-color-${state === "accept" ? "blue" : "red"}-5)`, outlineOffset: 2, borderRadius: 4,
    cursor: state === "refuse" ? "not-allowed" : undefined,
  };
  return { handlers, style, state };
}
