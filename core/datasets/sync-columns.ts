// "Sync columns from source" in the dataset editor, as Superset's updateColumns: the source's columns are
// merged into the editor's unsaved list. A column still in the source keeps its settings and takes the
// source's type; a new one is added; a physical column gone from the source is dropped; calculated columns
// (those with an expression) are never touched. Nothing is saved until the editor's Save.

export interface SourceColumnInfo {
  column_name: string;
  type: string | null;
  type_generic?: number | null;
  is_dttm?: boolean;
}

export interface SyncableColumn {
  column_name: string;
  type: string | null;
  type_generic?: number | null;
  is_dttm: boolean;
  expression: string | null;
}

export interface SyncResult<C> {
  columns: C[];
  added: string[];
  modified: string[];
  removed: string[];
}

const isCalculated = (c: SyncableColumn) => Boolean(c.expression?.trim());

export function syncColumns<C extends SyncableColumn>(current: C[], source: SourceColumnInfo[], fresh: (s: SourceColumnInfo) => C): SyncResult<C> {
  const byName = new Map(source.map((s) => [s.column_name, s]));
  const known = new Set(current.map((c) => c.column_name));
  const added: string[] = [];
  const modified: string[] = [];
  const removed: string[] = [];
  const columns: C[] = [];
  for (const c of current) {
    const s = byName.get(c.column_name);
    if (isCalculated(c)) columns.push(c);
    else if (!s) removed.push(c.column_name);
    else if ((s.type ?? null) !== (c.type ?? null) || (s.type_generic !== undefined && (s.type_generic ?? null) !== (c.type_generic ?? null))) {
      modified.push(c.column_name);
      columns.push({ ...c, type: s.type ?? null, ...(s.type_generic !== undefined ? { type_generic: s.type_generic } : {}) });
    } else columns.push(c);
  }
  for (const s of source) {
    if (known.has(s.column_name)) continue;
    added.push(s.column_name);
    columns.push(fresh(s));
  }
  return { columns, added, modified, removed };
}

/** The toast after a sync, as Superset words it: what changed, or that nothing did. */
export function syncSummary(result: Pick<SyncResult<unknown>, "added" | "modified" | "removed">): string {
  const parts: string[] = [];
  const list = (names: string[]) => names.slice(0, 5).join(", ") + (names.length > 5 ? ` and ${names.length - 5} more` : "");
  if (result.modified.length) parts.push(`Modified ${result.modified.length} column(s): ${list(result.modified)}`);
  if (result.removed.length) parts.push(`Removed ${result.removed.length} column(s): ${list(result.removed)}`);
  if (result.added.length) parts.push(`Added ${result.added.length} new column(s): ${list(result.added)}`);
  return parts.length ? `${parts.join(". ")}. Save the dataset to keep them.` : "The columns are already in sync with the source";
}
