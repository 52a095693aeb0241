import { compareValues } from "../aggregates";
import { keyName, postProcessingError, requireColumn, rowCount, stringList, takeRows, type Frame } from "../frame";

/** sort: by columns ({col: ascending}) or `by` with `ascending`, stable, nulls last (pandas' na_position). */
export function sort(frame: Frame, options: Record<string, unknown>): Frame {
  let keys: [string, boolean][];
  if (options.columns && typeof options.columns === "object" && !Array.isArray(options.columns)) {
    keys = Object.entries(options.columns as Record<string, unknown>).map(([c, asc]) => [c, asc !== false]);
  } else {
    const by = typeof options.by === "string" ? [options.by] : stringList("sort", options, "by");
    const asc = options.ascending ?? true;
    keys = by.map((c, i) => [c, Array.isArray(asc) ? asc[i] !== false : asc !== false]);
  }
  if (options.is_sort_index === true) keys = frame.index.map((c) => [keyName(c.key), options.ascending !== false]);
  if (!keys.length) throw postProcessingError("sort", "sort needs columns to sort by");
  const cols = keys.map(([name, asc]) => ({ values: requireColumn(frame, "sort", name).values, dir: asc ? 1 : -1 }));
  const order = Array.from({ length: rowCount(frame) }, (_, i) => i);
  order.sort((a, b) => {
    for (const { values, dir } of cols) {
      const va = values[a];
      const vb = values[b];
      const nullish = (v: unknown) => v === null || v === undefined;
      if (nullish(va) !== nullish(vb)) return nullish(va) ? 1 : -1; // nulls last either way
      const c = compareValues(va, vb) * dir;
      if (c) return c;
    }
    return a - b;
  });
  return takeRows(frame, order);
}

/** rename: column labels at one level (the first by default); a label renamed to null disappears from names. */
export function rename(frame: Frame, options: Record<string, unknown>): Frame {
  const map = options.columns;
  if (!map || typeof map !== "object" || Array.isArray(map)) throw postProcessingError("rename", "columns must map old labels to new ones");
  const level = typeof options.level === "number" ? options.level : 0;
  const renames = map as Record<string, unknown>;
  const columns = frame.columns.map((c) => {
    const label = c.key[level];
    if (label === undefined || label === null || !Object.hasOwn(renames, label)) return c;
    const to = renames[label];
    if (to !== null && typeof to !== "string") throw postProcessingError("rename", "new labels must be strings or null");
    const key = [...c.key];
    key[level] = to as string | null;
    return { ...c, key };
  });
  return { ...frame, columns };
}

/** flatten: multi-level labels joined with ", " (empty levels left out), the index back in front. */
export function flatten(frame: Frame, options: Record<string, unknown>): Frame {
  const drop = new Set(Array.isArray(options.drop_levels) ? (options.drop_levels as number[]) : []);
  const columns = frame.columns.map((c) => ({ key: [keyName(c.key.filter((_, i) => !drop.has(i)))], values: c.values }));
  if (options.reset_index === false) return { index: frame.index, columns };
  return { index: [], columns: [...frame.index.map((c) => ({ key: [keyName(c.key)], values: c.values })), ...columns] };
}

/** select: keep `columns` in that order (or all), drop `exclude`, apply `rename`. */
export function select(frame: Frame, options: Record<string, unknown>): Frame {
  const keep = stringList("select", options, "columns");
  const exclude = new Set(stringList("select", options, "exclude"));
  const renames = (options.rename ?? {}) as Record<string, unknown>;
  const all = [...frame.index, ...frame.columns];
  const chosen = keep.length ? keep.map((name) => requireColumn(frame, "select", name)) : all;
  const columns = chosen
    .filter((c) => !exclude.has(keyName(c.key)))
    .map((c) => {
      const name = keyName(c.key);
      const to = Object.hasOwn(renames, name) ? renames[name] : name;
      if (typeof to !== "string") throw postProcessingError("select", "rename values must be strings");
      return { key: [to], values: c.values };
    });
  return { index: [], columns };
}
