import { IconDotsVertical } from "@tabler/icons-react";
import { ActionIcon, Alert, Anchor, Box, Button, Group, Menu, Modal, Stack, Tabs, Text, Textarea, TextInput } from "@mantine/core";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { useSnapshot } from "valtio";
import { NO_DATA_ACCESS_HELP, NO_DATA_ACCESS_TITLE } from "../../../core/security/data-access-message";
import { activeEditor } from "../../../core/sqllab/editors";
import { isActive } from "../../../core/sqllab/query-state";
import type { Query, QueryEditor } from "../../../core/sqllab/types";
import { completionSource } from "./completion-source";
import { EditorToolbar, parseTemplateParams } from "./EditorToolbar";
import { LeftBar } from "./LeftBar";
import { estimateCost, formatEditorSql, queryForEditor, runQuery, stopRunningQuery } from "./run-actions";
import { statementAt, type ShortcutAction } from "./shortcuts";
import { SouthPane } from "./SouthPane";
import { sqlLabStore } from "./store";
import { editsChanged } from "./sync";
import { addNewTab, closeTab, cloneToNewTab, editTab, switchTab, switchToNeighbour } from "./tab-actions";

// The SQL Lab screen: tabs, the hideable left bar, the editor and the south pane with a
// draggable split between them.

type EditorProps = {
  value: string;
  onChange: (sql: string) => void;
  onSelectionChange: (s: string) => void;
  onCursorChange: (row: number, column: number) => void;
  onShortcut: (a: ShortcutAction, c: { text: string; offset: number }) => void;
  height: string | number;
};

export function SqlLabPage({ canExport, canConnect }: { canExport: boolean; canConnect: boolean }) {
  const snap = useSnapshot(sqlLabStore);
  const state = snap.state as typeof sqlLabStore.state;
  const editor = activeEditor(state);
  if (!snap.ready || !editor) return <Text c="dimmed">Loading SQL Lab…</Text>;
  return (
    <Stack gap={0} h="calc(100vh - 84px)" className="sqllab-page" data-testid="sqllab">
      {Object.keys(state.databases).length === 0 ? <NoDatabase canConnect={canConnect} /> : null}
      <EditorTabs editors={state.queryEditors} activeId={editor.id} />
      <Group align="stretch" gap="sm" wrap="nowrap" style={{ flex: 1, minHeight: 0 }} pt="xs" className="sqllab-body">
        {!editor.hideLeftBar ? <LeftBar editor={editor} /> : null}
        <EditorArea key={editor.id} editor={editor} canExport={canExport} />
      </Group>
    </Stack>
  );
}

/** An empty SQL Lab says why: no database connected yet (to those who connect them), else no access. */
function NoDatabase({ canConnect }: { canConnect: boolean }) {
  if (canConnect) {
    return (
      <Alert color="blue" title="No database is available in SQL Lab" mb="xs" data-testid="no-database">
        Connect a database (or expose one in SQL Lab) on the <Anchor href="/databaseview/list/">Databases</Anchor> page.
      </Alert>
    );
  }
  return <Alert color="yellow" title={NO_DATA_ACCESS_TITLE} mb="xs" data-testid="no-data-access">{NO_DATA_ACCESS_HELP}</Alert>;
}

function EditorTabs({ editors, activeId }: { editors: QueryEditor[]; activeId: string }) {
  const [renaming, setRenaming] = useState<QueryEditor | null>(null);
  const [name, setName] = useState("");
  const unsaved = useSnapshot(sqlLabStore).state.unsavedQueryEditor;
  return (
    <>
      <Tabs value={activeId} onChange={(v) => v && v !== "__add" && void switchTab(v)} data-testid="editor-tabs">
        <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto" }}>
          {editors.map((qe) => {
            const title = unsaved.id === qe.id && unsaved.name ? unsaved.name : qe.name;
            return (
              <Tabs.Tab key={qe.id} value={qe.id} data-testid="editor-tab" rightSection={
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon component="span" size="xs" variant="subtle" aria-label={`Tab actions for ${title}`} onClick={(e: React.MouseEvent) => e.stopPropagation()}><IconDotsVertical size={12} aria-hidden /></ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => void closeTab(qe.id)}>Close tab</Menu.Item>
                    <Menu.Item onClick={() => (setName(title), setRenaming(qe))}>Rename tab</Menu.Item>
                    <Menu.Item onClick={() => editTab(qe.id, { hideLeftBar: !qe.hideLeftBar })}>{qe.hideLeftBar ? "Expand tool bar" : "Hide tool bar"}</Menu.Item>
                    <Menu.Item onClick={() => void cloneToNewTab({ ...qe, dbId: qe.dbId ?? 0, sql: unsaved.id === qe.id && unsaved.sql !== undefined ? unsaved.sql : qe.sql })}>Duplicate tab</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              }>
                {title}
              </Tabs.Tab>
            );
          })}
          <Button size="compact-sm" variant="subtle" onClick={() => void addNewTab()} aria-label="Add tab" data-testid="add-tab">+</Button>
        </Tabs.List>
      </Tabs>
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title="Rename tab">
        <Stack>
          <TextInput value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="rename-input" data-autofocus />
          <Group justify="flex-end">
            <Button onClick={() => { if (renaming && name.trim()) { editTab(renaming.id, { name: name.trim() }); editsChanged(); } setRenaming(null); }}>Rename</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function EditorArea({ editor, canExport }: { editor: QueryEditor; canExport: boolean }) {
  const snap = useSnapshot(sqlLabStore);
  const latest = editor.latestQueryId ? (snap.state.queries[editor.latestQueryId] as Query | undefined) : undefined;
  const [Editor, setEditor] = useState<ComponentType<EditorProps> | null>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const [areaHeight, setAreaHeight] = useState(600);
  const north = editor.northPercent ?? 40;

  useEffect(() => {
    // Monaco loads after hydration and only here, so no other page pays for it.
    void import("./MonacoSqlEditor.client").then((m) => setEditor(() => m.default as ComponentType<EditorProps>));
  }, []);
  useEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setAreaHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useEffect(() => {
    const dbId = editor.dbId;
    completionSource.backend = dbId ? (snap.state.databases[dbId]?.backend ?? null) : null;
    completionSource.schemas = dbId ? [...(snap.schemas[String(dbId)]?.schemas ?? [])] : [];
    completionSource.tables = dbId && editor.schema ? (snap.tableLists[`${dbId}|${editor.schema}`]?.tables ?? []).map((t) => t.value) : [];
    completionSource.columns = Object.entries(snap.columns)
      .filter(([k]) => k.startsWith(`${dbId}|`))
      .flatMap(([k, cols]) => cols.map((column) => ({ table: k.split("|")[2], column })));
  }, [editor.dbId, editor.schema, snap.state.databases, snap.schemas, snap.tableLists, snap.columns]);

  const run = (opts: { sql?: string } = {}) => {
    const current = activeEditor(sqlLabStore.state);
    if (!current || !parseTemplateParams(current.templateParams).ok) return;
    const q = queryForEditor(opts.sql !== undefined ? { ...current, selectedText: opts.sql } : current);
    if (q) void runQuery(q);
  };
  useEffect(() => {
    // A tab opened with autorun (a clone, or a shared link asking for it) runs once, then stops asking.
    if (!editor.autorun || !editor.dbId) return;
    editTab(editor.id, { autorun: false });
    editsChanged();
    run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor.id]);
  const stop = () => latest && isActive(latest.state) && void stopRunningQuery(latest);
  const format = async () => {
    const current = activeEditor(sqlLabStore.state);
    if (!current) return;
    const sql = await formatEditorSql(current);
    if (sql !== null) {
      editTab(current.id, { sql });
      editsChanged();
    }
  };
  const estimate = () => {
    const current = activeEditor(sqlLabStore.state);
    const params = parseTemplateParams(current?.templateParams);
    if (current?.dbId && params.ok) void estimateCost(current, params.value);
  };
  const onShortcut = (action: ShortcutAction, ctx: { text: string; offset: number }) => {
    if (action === "run") run();
    else if (action === "runCurrent") run({ sql: statementAt(ctx.text, ctx.offset) });
    else if (action === "stop") stop();
    else if (action === "newTab") void addNewTab();
    else if (action === "format") void format();
    else if (action === "previousTab") switchToNeighbour(-1);
    else if (action === "nextTab") switchToNeighbour(1);
  };

  const startDrag = (e: React.MouseEvent) => {
    e.preventDefault();
    const el = areaRef.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top;
    const move = (ev: MouseEvent) => {
      const pct = Math.min(85, Math.max(15, ((ev.clientY - top) / el.clientHeight) * 100));
      editTab(editor.id, { northPercent: pct, southPercent: 100 - pct }, true);
    };
    const up = () => (window.removeEventListener("mousemove", move), window.removeEventListener("mouseup", up), editsChanged());
    window.addEventListener("mousemove", move);
    window.addEventListener("mouseup", up);
  };

  const northPx = Math.round((areaHeight * north) / 100);
  return (
    <Box ref={areaRef} style={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", overflow: "hidden" }}>
      <Box style={{ height: northPx, minHeight: 120, display: "flex", flexDirection: "column" }}>
        <Box style={{ flex: 1, minHeight: 0, border: "1px solid var(--mantine-color-default-border)" }} data-testid="sql-editor">
          {Editor ? (
            <Editor
              value={editor.sql}
              height="100%"
              onChange={(sql) => (editTab(editor.id, { sql }), editsChanged())}
              onSelectionChange={(selectedText) => editTab(editor.id, { selectedText }, true)}
              onCursorChange={(row, column) => editTab(editor.id, { cursorPosition: { row, column } }, true)}
              onShortcut={onShortcut}
            />
          ) : (
            <Textarea value={editor.sql} readOnly aria-label="SQL (loading the editor)" styles={{ input: { fontFamily: "monospace", height: "100%" } }} />
          )}
        </Box>
        <EditorToolbar editor={editor} latest={latest} onRun={() => run()} onStop={stop} onFormat={() => void format()} onEstimate={estimate} />
      </Box>
      <Box onMouseDown={startDrag} role="separator" aria-orientation="horizontal" aria-label="Resize editor" data-testid="split-handle" style={{ height: 6, cursor: "row-resize", background: "var(--mantine-color-default-border)", borderRadius: 3 }} />
      <Box style={{ flex: 1, minHeight: 0, overflow: "hidden" }}>
        <SouthPane editor={editor} height={areaHeight - northPx - 6} canExport={canExport} />
      </Box>
    </Box>
  );
}
