import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ActionIcon, Box, Button, Group, Stack, TextInput, Tooltip } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useRouteLoaderData } from "@remix-run/react";
import { ROOT_ID, activeTabs as tabsFor, chartIdsInLayout, parseLayout, type Layout } from "../../../../core/dashboards/layout";
import { addTab, deleteComponent, dropComponent, NO_CHART_DEFINITION, resizeComponent, updateMeta, type DragSource, type DropTarget } from "../../../../core/dashboards/edit/ops";
import { hasChanges, MAX_UNDO_MESSAGE, record, redo, startHistory, undo, type History } from "../../../../core/dashboards/edit/history";
import type { EditedDashboard } from "../../../../core/dashboards/edit/save";
import { showToast } from "../../../components/toast-store";
import type { RootData } from "../../../root";
import type { DashboardChartData } from "../DashboardChart";
import { BuilderPane } from "./BuilderPane";
import { DropZone } from "./DropZone";
import { EditContext, type EditContextValue, type EditorData } from "./edit-context";
import { EditNode } from "./EditNode";
import { LeaveGuard } from "./LeaveGuard";
import { OverwriteModal } from "./OverwriteModal";
import { useSaveDashboard } from "./useSaveDashboard";
import { positionJson } from "../../../../core/dashboards/edit/save";
import { apiCall } from "../../../components/api-call";
import { draftOnlyCharts } from "./draft-charts";

// Superset's dashboard edit mode (loaded only when editing: the view page imports it lazily). The header holds
// the title, undo/redo, Discard and Save; the grid takes drops from the builder pane and moves within itself.
// Every change is one step of the history (title included); Save writes it, Discard throws it away. A published
// dashboard can also be saved as the owner's draft (issue 34), which viewers do not see; editing starts from
// that draft when there is one.

export default function DashboardEditor({ data, csrfToken, onExit, published = false }: {
  data: EditorData;
  csrfToken: string | null;
  onExit: (saved: boolean) => void;
  published?: boolean;
}) {
  const root = useRouteLoaderData<RootData>("root");
  const [history, setHistory] = useState<History<EditedDashboard>>(() => startHistory({ title: data.dashboard.title, layout: data.layout }));
  const [charts, setCharts] = useState<Record<string, DashboardChartData>>(data.charts);
  const [dragging, setDragging] = useState<DragSource | null>(null);
  const [active, setActive] = useState<Record<string, string>>(() => tabsFor(data.layout, null));
  const [titleDraft, setTitleDraft] = useState(data.dashboard.title);
  const lastModified = useRef(data.dashboard.lastModifiedTime ?? 0);
  const draggedChart = useRef<DashboardChartData | null>(null);
  const dragRef = useRef<DragSource | null>(null);
  const { ref: gridRef, width: gridWidth } = useElementSize();
  const { layout } = history.present;

  const apply = useCallback((change: (e: EditedDashboard) => EditedDashboard) => {
    setHistory((h) => {
      const next = change(h.present);
      const after = record(h, next);
      if (after.exceeded && !h.exceeded) showToast("warning", MAX_UNDO_MESSAGE);
      return after;
    });
  }, []);
  const applyLayout = useCallback((change: (l: Layout) => Layout) => apply((e) => {
    const l = change(e.layout);
    return l === e.layout ? e : { ...e, layout: l };
  }), [apply]);

  const { save, saving, overwrite, cancelOverwrite } = useSaveDashboard(data.dashboard.id, csrfToken, (t) => {
    lastModified.current = t;
    setHistory((h) => startHistory(h.present));
    onExit(true);
  });
  const [message, setMessage] = useState("");
  const saveNow = () => save(history.present, lastModified.current, message);
  const [savingDraft, setSavingDraft] = useState(false);
  const draftUrl = `/api/v1/dashboard/${data.dashboard.id}/draft`;
  useEffect(() => {
    // the page's data says whether there is a draft to resume (a GET of none would be a 404 in the console)
    if (!published || !data.hasDraft) return;
    let cancelled = false;
    void (async () => {
      const res = await apiCall<{ result: { state: { dashboard_title?: string; position_json?: string | null } } }>("GET", draftUrl, csrfToken);
      if (!res.ok || cancelled) return; // no draft: edit the live version
      const { dashboard_title, position_json } = res.body.result.state;
      const title = dashboard_title ?? data.dashboard.title;
      const parsed = position_json ? parseLayout(position_json) : data.layout;
      const draftLayout = Object.keys(parsed).length ? parsed : data.layout;
      // charts only the draft places are not among the live page's: read them before the draft's grid is shown,
      // so each of its charts mounts with its definition and queries its data (a chart mounted without one stays
      // "missing")
      const missing = chartIdsInLayout(draftLayout).filter((id) => !data.charts[String(id)]);
      const found = missing.length ? await draftOnlyCharts(missing) : {};
      if (cancelled) return;
      setCharts((c) => ({ ...found, ...c }));
      setHistory(startHistory({ title, layout: draftLayout }));
      setTitleDraft(title);
      showToast("info", "Editing your draft: viewers still see the published version.");
    })();
    return () => {
      cancelled = true;
    };
  }, [published, data.hasDraft, draftUrl, csrfToken, data.dashboard.title, data.layout, data.charts]);
  const saveDraft = async () => {
    setSavingDraft(true);
    const res = await apiCall("PUT", draftUrl, csrfToken, { dashboard_title: history.present.title, position_json: positionJson(history.present.layout) });
    setSavingDraft(false);
    if (!res.ok) return showToast("danger", `The draft could not be saved: ${res.message}`);
    showToast("success", "Draft saved: viewers still see the published version.");
    setHistory((h) => startHistory(h.present));
    onExit(true);
  };

  const ctx: EditContextValue = useMemo(() => ({
    layout, charts, csrfToken, gridWidth, dragging,
    currentDrag: () => dragRef.current,
    startDrag: (s) => {
      dragRef.current = s;
      setDragging(s);
    },
    endDrag: () => {
      dragRef.current = null;
      setDragging(null);
    },
    drop: (target: DropTarget) => {
      const source = dragRef.current;
      dragRef.current = null;
      setDragging(null);
      if (!source) return;
      if (source.kind === "new" && source.type === "CHART") {
        const chart = draggedChart.current;
        if (!chart) return showToast("warning", NO_CHART_DEFINITION);
        setCharts((c) => ({ ...c, [String(chart.id)]: chart }));
      }
      const result = dropComponent(layout, source, target);
      if (result.warning) return showToast("warning", result.warning);
      applyLayout((l) => (l === layout ? result.layout : dropComponent(l, source, target).layout));
    },
    remove: (id) => applyLayout((l) => deleteComponent(l, id)),
    resize: (id, size) => applyLayout((l) => resizeComponent(l, id, size)),
    setMeta: (id, patch) => applyLayout((l) => updateMeta(l, id, patch)),
    addTab: (tabsId) => {
      const { layout: next, tabId } = addTab(layout, tabsId);
      applyLayout((l) => (l === layout ? next : addTab(l, tabsId).layout));
      if (tabId) setActive((a) => ({ ...a, [tabsId]: tabId }));
    },
    activeTabs: active,
    setActiveTab: (tabsId, tabId) => setActive((a) => ({ ...a, [tabsId]: tabId })),
  }), [layout, charts, csrfToken, gridWidth, dragging, active, applyLayout]);

  const doUndo = useCallback(() => setHistory((h) => { const u = undo(h); setTitleDraft(u.present.title); return u; }), []);
  const doRedo = useCallback(() => setHistory((h) => { const r = redo(h); setTitleDraft(r.present.title); return r; }), []);
  // Superset's undo/redo keys (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z or Ctrl+Y), left to the field while one is typed in
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (!(e.ctrlKey || e.metaKey) || el?.closest("input, textarea, [contenteditable=true]")) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) doUndo();
      else if ((key === "z" && e.shiftKey) || key === "y") doRedo();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [doUndo, doRedo]);

  const dirty = hasChanges(history);
  const top = layout[ROOT_ID]?.children[0];
  return (
    <EditContext.Provider value={ctx}>
      <Stack gap="md" data-testid="dashboard-editor">
        <Group justify="space-between" wrap="nowrap">
          <TextInput size="md" value={titleDraft} aria-label="Dashboard title" data-testid="dashboard-title-input" style={{ flex: 1, maxWidth: 600 }}
            onChange={(e) => setTitleDraft(e.currentTarget.value)}
            onBlur={() => apply((e) => (e.title === titleDraft ? e : { ...e, title: titleDraft }))}
            onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()} />
          <Group gap="xs" wrap="nowrap">
            <Tooltip label="Undo the action">
              <ActionIcon variant="default" size="lg" aria-label="Undo" data-testid="undo" disabled={!history.past.length}
                onClick={doUndo}>↶</ActionIcon>
            </Tooltip>
            <Tooltip label="Redo the action">
              <ActionIcon variant="default" size="lg" aria-label="Redo" data-testid="redo" disabled={!history.future.length}
                onClick={doRedo}>↷</ActionIcon>
            </Tooltip>
            <Button variant="default" onClick={() => onExit(false)} data-testid="discard-changes">Discard</Button>
            <TextInput size="sm" w={200} maxLength={500} placeholder="What changed (optional)" aria-label="What changed (kept in History)"
              value={message} onChange={(e) => setMessage(e.currentTarget.value)} data-testid="save-message-input" />
            {published && <Button variant="light" onClick={() => void saveDraft()} loading={savingDraft} disabled={!dirty} data-testid="save-draft">Save as draft</Button>}
            <Button onClick={() => void saveNow()} loading={saving} disabled={!dirty} data-testid="save-dashboard">Save</Button>
          </Group>
        </Group>
        <Group align="flex-start" wrap="nowrap" gap="md">
          <Box ref={gridRef} style={{ flex: 1, minWidth: 0, containerType: "inline-size" }} data-testid="dashboard-content">
            <Box style={{ marginInline: -8 }}>
              <DropZone parentId={ROOT_ID} index={0} direction="column" />
              {top && layout[top] && <EditNode component={layout[top]} parentId={ROOT_ID} />}
            </Box>
          </Box>
          <BuilderPane userId={root?.user?.id ?? null} onChartDrag={(c) => { draggedChart.current = c; }} />
        </Group>
      </Stack>
      <OverwriteModal pending={overwrite} saving={saving} onCancel={cancelOverwrite}
        onConfirm={() => overwrite && void save(history.present, overwrite.lastModifiedTime, message)} />
      <LeaveGuard dirty={dirty} onSave={saveNow} />
    </EditContext.Provider>
  );
}
