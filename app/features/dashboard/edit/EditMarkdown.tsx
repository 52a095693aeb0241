import { useEffect, useState } from "react";
import { Box, SegmentedControl, Textarea } from "@mantine/core";
import { GRID_DEFAULT_HEIGHT, rowsToPx, widthInColumns, type LayoutComponent } from "../../../../core/dashboards/layout";
import { DashboardMarkdown } from "../DashboardMarkdown";
import { columnsWidth } from "../LayoutNode";
import { EditFrame } from "./EditFrame";
import { useEdit } from "./edit-context";

// A markdown component in edit mode (Superset's Markdown with its Edit / Preview switch): the source is edited as
// text and becomes one undoable step when the editor loses focus or switches to preview; the preview is the view
// mode's renderer, so it is sanitised by DOMPurify exactly as the dashboard shows it.

export function EditMarkdown({ component, parentId }: { component: LayoutComponent; parentId: string }) {
  const ctx = useEdit();
  const saved = component.meta.code ?? "";
  const [mode, setMode] = useState<"edit" | "preview">("preview");
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]); // undo and redo replace the text
  const commit = () => ctx.setMeta(component.id, { code: draft });
  return (
    <EditFrame component={component} label="markdown" widthCols={widthInColumns(ctx.layout, component, parentId)}
      heightRows={component.meta.height ?? GRID_DEFAULT_HEIGHT} resizeHeight style={{ flexShrink: 0 }}>
      {({ width, height }) => (
        <Box pos="relative" style={{ width: columnsWidth(width ?? 4), height: rowsToPx(height) }}>
          <SegmentedControl size="xs" pos="absolute" top={4} right={4} style={{ zIndex: 2 }} value={mode} data-testid="markdown-mode"
            data={[{ value: "edit", label: "Edit" }, { value: "preview", label: "Preview" }]}
            onChange={(v) => {
              if (v === "preview") commit();
              setMode(v as "edit" | "preview");
            }} />
          {mode === "edit" ? (
            <Textarea value={draft} onChange={(e) => setDraft(e.currentTarget.value)} onBlur={commit} aria-label="Markdown" data-testid="markdown-editor"
              styles={{ root: { height: "100%" }, wrapper: { height: "100%" }, input: { height: "100%", fontFamily: "monospace", paddingTop: 36 } }} />
          ) : (
            <Box onDoubleClick={() => setMode("edit")}>
              <DashboardMarkdown code={saved} width="100%" height={rowsToPx(height)} />
            </Box>
          )}
        </Box>
      )}
    </EditFrame>
  );
}
