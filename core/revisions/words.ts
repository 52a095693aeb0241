// Shared helpers of the revision diffs: how a value is said in a line of text.

export interface DiffLine {
  /** what part of the object the line is about, for grouping in the History panel */
  area: string;
  text: string;
}

const MAX_SAID = 60;

/** A value as a short text: strings quoted, the rest as compact JSON, long ones cut. */
export function said(v: unknown): string {
  if (v === undefined || v === null || v === "") return "(none)";
  const text = typeof v === "string" ? `"${v}"` : typeof v === "object" ? JSON.stringify(v) : String(v);
  return text.length > MAX_SAID ? `${text.slice(0, MAX_SAID - 1)}…` : text;
}

export const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** A JSON object text (or object) as a record; anything else as {}. */
export function record(v: unknown): Record<string, unknown> {
  let raw = v;
  if (typeof v === "string") {
    try {
      raw = v.trim() ? JSON.parse(v) : {};
    } catch {
      raw = {};
    }
  }
  return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

/** Lines added and removed between two texts, counted as multisets of lines (enough to say how big a change is). */
export function lineChanges(before: string, after: string): { added: number; removed: number } {
  const count = new Map<string, number>();
  for (const l of before.split("\n")) count.set(l, (count.get(l) ?? 0) + 1);
  let added = 0;
  for (const l of after.split("\n")) {
    const n = count.get(l) ?? 0;
    if (n > 0) count.set(l, n - 1);
    else added++;
  }
  let removed = 0;
  for (const n of count.values()) removed += n;
  return { added, removed };
}

/**
 * The items of `after` that moved relative to the others both sequences share: those outside a longest common
 * subsequence of the shared items, so one chart dragged elsewhere is one move, not a shift of all its neighbours.
 */
export function movedItems(before: readonly string[], after: readonly string[]): string[] {
  const inBoth = new Set(before.filter((x) => after.includes(x)));
  const a = before.filter((x) => inBoth.has(x));
  const b = after.filter((x) => inBoth.has(x));
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(a[i]);
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
    else j++;
  }
  return b.filter((x) => !kept.has(x));
}
