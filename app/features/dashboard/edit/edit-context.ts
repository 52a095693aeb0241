import { createContext, useContext } from "react";
import type { Layout, LayoutComponent } from "../../../../core/dashboards/layout";
import type { DragSource, DropTarget } from "../../../../core/dashboards/edit/ops";
import type { DashboardChartData } from "../DashboardChart";

// What every component of the edit-mode grid reaches: the layout being edited, the operations that change it
// (each one an undoable step), the drag in progress and the grid's width in pixels (for resizing by columns).

export interface EditContextValue {
  layout: Layout;
  charts: Record<string, DashboardChartData>;
  csrfToken: string | null;
  gridWidth: number;
  dragging: DragSource | null;
  /** the drag in progress, known synchronously from dragstart (before React renders the state above) */
  currentDrag: () => DragSource | null;
  startDrag: (source: DragSource) => void;
  endDrag: () => void;
  drop: (target: DropTarget) => void;
  remove: (id: string) => void;
  resize: (id: string, size: { width?: number; height?: number }) => void;
  setMeta: (id: string, patch: Partial<LayoutComponent["meta"]>) => void;
  addTab: (tabsId: string) => void;
  activeTabs: Record<string, string>;
  setActiveTab: (tabsId: string, tabId: string) => void;
}

/** What the editor starts from: the page's loaded dashboard (DashboardPage's data has these and more). */
export interface EditorData {
  dashboard: { id: number; title: string; lastModifiedTime?: number };
  layout: Layout;
  charts: Record<string, DashboardChartData>;
  /** the owner keeps a draft of this published dashboard: editing resumes it */
  hasDraft?: boolean;
}

export const EditContext = createContext<EditContextValue | null>(null);

export function useEdit(): EditContextValue {
  const ctx = useContext(EditContext);
  if (!ctx) throw new Error("useEdit outside the dashboard editor");
  return ctx;
}
