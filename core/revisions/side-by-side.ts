import { chartFormData } from "../charts/shape";
import { record } from "./words";

// The rest of History's "Compare drawn" (issue 34) besides dashboard maps (./layout-boxes.ts): a chart state's
// form data, as the chart-data API takes it, and which lines of SQL and which column / metric rows of one state
// the other state does not have, matched as the worded diff counts them (words.ts lineChanges: lines as a multiset).

type State = Record<string, unknown>;

/**
 * The form data a kept chart state draws with: its params, the datasource of its datasource_id column (the chart's
 * own link, which a restore writes back; params may still name an older one) and its viz type. Null: no dataset.
 */
export function chartStateFormData(state: State): Record<string, unknown> | null {
  if (typeof state.datasource_id !== "number") return null;
  const formData = chartFormData(typeof state.params === "string" ? state.params : JSON.stringify(record(state.params)));
  const type = state.datasource_type === "dataset" || typeof state.datasource_type !== "string" ? "table" : state.datasource_type;
  formData.datasource = `${state.datasource_id}__${type}`;
  if (typeof state.viz_type === "string" && state.viz_type) formData.viz_type = state.viz_type;
  return formData;
}

/** Each line of `text` with whether `other` lacks it (a line repeated n times there matches n times here). */
export function markedLines(text: unknown, other: unknown): { text: string; changed: boolean }[] {
  const mine = typeof text === "string" ? text : "";
  if (!mine) return [];
  const count = new Map<string, number>();
  for (const l of (typeof other === "string" ? other : "").split("\n")) count.set(l, (count.get(l) ?? 0) + 1);
  return mine.split("\n").map((l) => {
    const n = count.get(l) ?? 0;
    if (n > 0) count.set(l, n - 1);
    return { text: l, changed: n === 0 };
  });
}

const itemsOf = (v: unknown): Record<string, unknown>[] => {
  let list = v;
  if (typeof v === "string") {
    try {
      list = JSON.parse(v);
    } catch {
      list = [];
    }
  }
  return (Array.isArray(list) ? list : []).filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === "object" && !Array.isArray(x));
};

/** The columns shown of a dataset's column or metric rows side by side. */
const SHOWN = {
  columns: ["column_name", "type", "verbose_name", "expression"],
  metrics: ["metric_name", "expression", "verbose_name", "d3format"],
} as const;

/**
 * A dataset state's columns or metrics as table rows (name first), each marked when the other state has no row
 * of the same name with the same shown values (added, removed, renamed or edited).
 */
export function markedItems(kind: "columns" | "metrics", state: State, other: State): { cells: string[]; changed: boolean }[] {
  const fields = SHOWN[kind];
  const cellsOf = (item: Record<string, unknown>) => fields.map((f) => (item[f] === null || item[f] === undefined ? "" : String(item[f])));
  const theirs = new Set(itemsOf(other[kind]).map((i) => JSON.stringify(cellsOf(i))));
  return itemsOf(state[kind]).map((i) => {
    const cells = cellsOf(i);
    return { cells, changed: !theirs.has(JSON.stringify(cells)) };
  });
}

export const ITEM_HEADERS = { columns: ["Column", "Type", "Label", "SQL expression"], metrics: ["Metric", "SQL expression", "Label", "D3 format"] } as const;
