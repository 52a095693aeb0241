import Editor, { loader, type OnMount } from "@monaco-editor/react";
import * as monaco from "monaco-editor/editor";
import "monaco-editor/features/register.all";
import "monaco-editor/languages/definitions/sql/register";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import { useComputedColorScheme } from "@mantine/core";
import { useEffect, useRef } from "react";
import { vocabularyFor } from "../../../core/sqllab/completion-vocabulary";
import { completionSource } from "./completion-source";
import { detectPlatform, shortcutsFor, type KeyChord, type Platform, type ShortcutAction } from "./shortcuts";

// Monaco bundled with the app (never a CDN), loaded only by the SQL Lab route after hydration.
// Completion offers the selected database's dialect keywords and functions, its schemas, tables and
// columns (read from `completionSource`, which the page keeps current). Monaco's own SQL language is
// T-SQL's, so its word lists are not used. The editor follows the page's light or dark colour scheme.

(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = { getWorker: () => new EditorWorker() };
loader.config({ monaco });


let providerRegistered = false;
function registerCompletion() {
  if (providerRegistered) return;
  providerRegistered = true;
  monaco.languages.registerCompletionItemProvider("sql", {
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      const K = monaco.languages.CompletionItemKind;
      const items: monaco.languages.CompletionItem[] = [];
      const seen = new Set<string>();
      const add = (label: string, kind: monaco.languages.CompletionItemKind, detail: string, sortText: string) => {
        const key = `${detail}:${label}`;
        if (seen.has(key)) return;
        seen.add(key);
        items.push({ label, kind, detail, insertText: label, range, sortText: `${sortText}${label.toLowerCase()}` });
      };
      for (const c of completionSource.columns) add(c.column, K.Field, `column (${c.table})`, "1");
      for (const t of completionSource.tables) add(t, K.Struct, "table", "2");
      for (const s of completionSource.schemas) add(s, K.Module, "schema", "3");
      const vocabulary = vocabularyFor(completionSource.backend);
      for (const f of vocabulary.functions) add(f, K.Function, "function", "4");
      for (const k of vocabulary.keywords) add(k, K.Keyword, "keyword", "5");
      return { suggestions: items };
    },
  });
}

const KEY_CODES: Record<KeyChord["key"], monaco.KeyCode> = {
  Enter: monaco.KeyCode.Enter, R: monaco.KeyCode.KeyR, E: monaco.KeyCode.KeyE, X: monaco.KeyCode.KeyX, T: monaco.KeyCode.KeyT,
  Q: monaco.KeyCode.KeyQ, F: monaco.KeyCode.KeyF, "[": monaco.KeyCode.BracketLeft, "]": monaco.KeyCode.BracketRight,
};

/**
 * A chord as Monaco's keybinding: Monaco's CtrlCmd is Command on a Mac and Control elsewhere, its WinCtrl is
 * Control on a Mac but the Windows/Super key elsewhere, so the Control key is WinCtrl only on a Mac.
 */
function keybinding(chord: KeyChord, platform: Platform): number {
  const { KeyMod } = monaco;
  const modifier = chord.modifier === "alt" ? KeyMod.Alt : chord.modifier === "ctrl" && platform === "mac" ? KeyMod.WinCtrl : KeyMod.CtrlCmd;
  return modifier | (chord.shift ? KeyMod.Shift : 0) | KEY_CODES[chord.key];
}

interface Props {
  value: string;
  onChange: (sql: string) => void;
  onSelectionChange: (selected: string) => void;
  onCursorChange: (row: number, column: number) => void;
  onShortcut: (action: ShortcutAction, context: { text: string; offset: number }) => void;
  height: string | number;
}

export default function MonacoSqlEditor({ value, onChange, onSelectionChange, onCursorChange, onShortcut, height }: Props) {
  const handlers = useRef({ onShortcut, onSelectionChange, onCursorChange });
  handlers.current = { onShortcut, onSelectionChange, onCursorChange };
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const scheme = useComputedColorScheme("light");

  const onMount: OnMount = (editor) => {
    editorRef.current = editor as unknown as monaco.editor.IStandaloneCodeEditor;
    registerCompletion();
    const fire = (action: ShortcutAction) => () => {
      const model = editor.getModel();
      const pos = editor.getPosition();
      handlers.current.onShortcut(action, { text: model?.getValue() ?? "", offset: model && pos ? model.getOffsetAt(pos) : 0 });
    };
    const platform = detectPlatform(typeof navigator === "undefined" ? undefined : navigator);
    for (const s of shortcutsFor(platform)) editor.addCommand(keybinding(s.chord, platform), fire(s.action));
    editor.onDidChangeCursorSelection(() => {
      const model = editor.getModel();
      const sel = editor.getSelection();
      handlers.current.onSelectionChange(model && sel ? model.getValueInRange(sel) : "");
    });
    editor.onDidChangeCursorPosition((e) => handlers.current.onCursorChange(e.position.lineNumber - 1, e.position.column - 1));
    editor.focus();
  };

  // Monaco keeps its own model: a value changed from outside (format, tab switch) is pushed in.
  useEffect(() => {
    const editor = editorRef.current;
    if (editor && editor.getValue() !== value) editor.setValue(value);
  }, [value]);

  return (
    <Editor
      height={height}
      defaultLanguage="sql"
      theme={scheme === "dark" ? "vs-dark" : "light"}
      defaultValue={value}
      onChange={(v) => onChange(v ?? "")}
      onMount={onMount}
      options={{ minimap: { enabled: false }, fontSize: 13, scrollBeyondLastLine: false, automaticLayout: true, wordBasedSuggestions: "off", quickSuggestions: { other: true, comments: false, strings: false } }}
    />
  );
}
