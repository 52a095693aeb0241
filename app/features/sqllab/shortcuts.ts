// Superset's SQL Lab keyboard shortcuts (KeyboardShortcutButton's list), shown in the help popover.
// `keys` is written for Windows/Linux; on macOS Ctrl reads Cmd where Monaco maps CtrlCmd.

export type ShortcutAction = "run" | "runAlt" | "runCurrent" | "stop" | "newTab" | "format" | "previousTab" | "nextTab";

export const SHORTCUTS: { action: ShortcutAction; keys: string; description: string }[] = [
  { action: "run", keys: "Ctrl + Enter", description: "Run query" },
  { action: "runAlt", keys: "Ctrl + R", description: "Run query" },
  { action: "runCurrent", keys: "Ctrl + Shift + Enter", description: "Run current query" },
  { action: "stop", keys: "Ctrl + E", description: "Stop query" },
  { action: "newTab", keys: "Ctrl + Q", description: "New tab" },
  { action: "format", keys: "Ctrl + Shift + F", description: "Format SQL" },
  { action: "previousTab", keys: "Ctrl + [", description: "Switch to the previous tab" },
  { action: "nextTab", keys: "Ctrl + ]", description: "Switch to the next tab" },
];

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
