// Superset's SQL Lab keyboard shortcuts (KeyboardShortcutButton's KEY_MAP), per platform. Superset binds
// "ctrl+…" in its editor for both Windows and macOS, so on a Mac they are the Control key, not Command;
// Run query also answers the platform's primary modifier + Enter (Cmd+Enter on a Mac).
// Stop is Ctrl+X on a Mac (Ctrl+E moves to the line end there) and Ctrl+E elsewhere. New tab is Ctrl+T,
// except that browsers keep Ctrl+T for themselves on Windows and Linux: there Ctrl+Q is the alternative
// (Superset offers Ctrl+Q on Windows), and Ctrl+T is bound too for where the browser lets it through.

export type ShortcutAction = "run" | "runCurrent" | "stop" | "newTab" | "format" | "previousTab" | "nextTab";
export type Platform = "mac" | "windows" | "linux";

/** "ctrl" is the Control key on every platform; "primary" is Command on a Mac and Control elsewhere. */
export interface KeyChord {
  modifier: "ctrl" | "primary" | "alt";
  shift?: boolean;
  key: "Enter" | "R" | "E" | "X" | "T" | "Q" | "F" | "[" | "]";
}

export interface Shortcut {
  action: ShortcutAction;
  chord: KeyChord;
  description: string;
}

export function shortcutsFor(platform: Platform): Shortcut[] {
  const mac = platform === "mac";
  const s = (action: ShortcutAction, chord: KeyChord, description: string): Shortcut => ({ action, chord, description });
  return [
    s("run", { modifier: "primary", key: "Enter" }, "Run query"),
    ...(mac ? [s("run", { modifier: "ctrl", key: "Enter" }, "Run query")] : []),
    s("run", { modifier: "ctrl", key: "R" }, "Run query"),
    s("run", { modifier: "alt", key: "Enter" }, "Run query"),
    s("runCurrent", { modifier: "ctrl", shift: true, key: "Enter" }, "Run current query"),
    s("stop", { modifier: "ctrl", key: mac ? "X" : "E" }, "Stop query"),
    s("newTab", { modifier: "ctrl", key: "T" }, "New tab"),
    ...(mac ? [] : [s("newTab", { modifier: "ctrl", key: "Q" }, "New tab")]),
    s("format", { modifier: "ctrl", shift: true, key: "F" }, "Format SQL"),
    s("previousTab", { modifier: "ctrl", key: "[" }, "Switch to the previous tab"),
    s("nextTab", { modifier: "ctrl", key: "]" }, "Switch to the next tab"),
  ];
}

/** The chord as the help popover shows it on that platform. */
export function chordLabel(chord: KeyChord, platform: Platform): string {
  const modifier = chord.modifier === "alt" ? (platform === "mac" ? "Option" : "Alt") : chord.modifier === "primary" && platform === "mac" ? "Cmd" : "Ctrl";
  return [modifier, chord.shift ? "Shift" : null, chord.key].filter(Boolean).join(" + ");
}

/** The platform from what the browser reports (userAgentData where it exists, else the user agent). */
export function detectPlatform(nav: { userAgent?: string; platform?: string; userAgentData?: { platform?: string } } | undefined): Platform {
  const text = `${nav?.userAgentData?.platform ?? ""} ${nav?.platform ?? ""} ${nav?.userAgent ?? ""}`;
  if (/mac|iphone|ipad/i.test(text)) return "mac";
  if (/win/i.test(text)) return "windows";
  return "linux";
}

/** The statement under the cursor: the text between the semicolons around the cursor offset. */
export function statementAt(sql: string, offset: number): string {
  const before = sql.lastIndexOf(";", Math.max(0, offset - 1));
  const afterIdx = sql.indexOf(";", offset);
  const statement = sql.slice(before + 1, afterIdx === -1 ? sql.length : afterIdx).trim();
  if (statement || before < 0) return statement;
  // The cursor sits right after a final semicolon: that statement is meant.
  const prev = sql.lastIndexOf(";", before - 1);
  return sql.slice(prev + 1, before).trim();
}
