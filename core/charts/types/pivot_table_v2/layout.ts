import type { PivotTableModel } from "../../contract";

// A pivot table's nested headers, as Superset's pivot table lays them out: one header row per column dimension
// (and one for the metrics when they run across the columns), one header column per row dimension (and one for the
// metrics when they run down the rows); neighbouring headers with the same value under the same parent merge into
// one cell. The browser (ChartView's PivotView) and the server drawing (core/render/table-grid.ts) both draw it.

/** A header cell: covers `span` leaves along its axis from leaf `start`, and `depth` levels across from `level`. */
export interface HeaderCell {
  text: string;
  start: number;
  span: number;
  level: number;
  depth: number;
  /** the dimension values up to this cell (for cross-filters); absent on metric and total cells */
  dims?: string[];
}

/** A leaf along an axis: a row or column key (index into rowKeys/colKeys, -1 for the total) and the metric it
 * shows (-1 when the metrics run along the other axis). */
export interface Leaf {
  key: number;
  metric: number;
}

export interface AxisLayout {
  /** the levels' names, outermost first: the dimensions' labels, then "Metric" when the metrics run along it */
  levelNames: string[];
  leaves: Leaf[];
  /** header cells per level */
  levels: HeaderCell[][];
  /** per leaf, the header cells that start at it, outermost level first (a row's header cells) */
  headsAt: HeaderCell[][];
  /** how many leaves are totals (they come last) */
  totals: number;
}

export interface PivotLayout {
  rows: AxisLayout;
  columns: AxisLayout;
}

const METRIC_LEVEL = "Metric";

/**
 * Header cells of each level from the leaves' keys. A null in a key means the cell above reaches down over this
 * level (a total's label covers the dimension levels below it). Cells merge while the leaves share every value
 * from the outermost level down to theirs.
 */
export function headerCells(keys: (string | null)[][], levelCount: number): HeaderCell[][] {
  const prefix = (i: number, level: number) => JSON.stringify(keys[i].slice(0, level + 1));
  return Array.from({ length: levelCount }, (_, level) => {
    const cells: HeaderCell[] = [];
    for (let i = 0; i < keys.length; i++) {
      const text = keys[i][level];
      if (text === null || text === undefined) continue;
      const last = cells[cells.length - 1];
      if (last && last.start + last.span === i && prefix(i, level) === prefix(last.start, level)) {
        last.span++;
        continue;
      }
      let depth = 1;
      while (level + depth < levelCount && keys[i][level + depth] === null) depth++;
      cells.push({ text, start: i, span: 1, level, depth });
    }
    return cells;
  });
}

function axis(model: PivotTableModel, which: "rows" | "cols", withTotals: boolean): AxisLayout {
  const keys = which === "rows" ? model.rowKeys : model.colKeys;
  const dimLabels = which === "rows" ? model.labels.rowDims : model.labels.colDims;
  const metricsHere = (model.metricsLayout === "ROWS") === (which === "rows");
  const dimLevels = Math.max(dimLabels.length, 1);
  const totalLabel = model.totalValues?.label ?? "Total";
  const metricIndexes = metricsHere ? model.metrics.map((_, m) => m) : [-1];
  const leaves: Leaf[] = [];
  const leafKeys: (string | null)[][] = [];
  const metricPart = (m: number) => (m >= 0 ? [model.labels.metrics[m]] : []);
  // an axis without dimensions has one key, the aggregate of everything along it: named by its metrics, or "Total
  // (Sum)" when they run along the other axis; it gets no total of its own, which would repeat it
  const bare = !dimLabels.length;
  keys.forEach((key, k) => metricIndexes.forEach((m) => {
    leaves.push({ key: k, metric: m });
    leafKeys.push(bare ? (metricsHere ? metricPart(m) : [totalLabel]) : [...key, ...metricPart(m)]);
  }));
  const totals = withTotals && !bare;
  if (totals) {
    metricIndexes.forEach((m) => {
      leaves.push({ key: -1, metric: m });
      leafKeys.push([totalLabel, ...Array<null>(dimLevels - 1).fill(null), ...metricPart(m)]);
    });
  }
  const levelNames = [...(bare && metricsHere ? [] : bare ? [""] : dimLabels), ...(metricsHere ? [METRIC_LEVEL] : [])];
  const levels = headerCells(leafKeys, levelNames.length);
  const headsAt: HeaderCell[][] = leaves.map(() => []);
  for (const cells of levels) {
    for (const cell of cells) {
      headsAt[cell.start].push(cell);
      // dimension cells carry their values up to their level, so a click can filter by them
      const leaf = leaves[cell.start];
      if (leaf.key >= 0 && cell.level < dimLabels.length) cell.dims = keys[leaf.key].slice(0, cell.level + 1);
    }
  }
  return { levelNames, leaves, levels, headsAt, totals: totals ? metricIndexes.length : 0 };
}

export function pivotLayout(model: PivotTableModel): PivotLayout {
  return { rows: axis(model, "rows", Boolean(model.colTotals)), columns: axis(model, "cols", Boolean(model.rowTotals)) };
}

/** The text of the cell where a row leaf meets a column leaf: a value, a row or column total, or the grand total. */
export function pivotCellText(model: PivotTableModel, row: Leaf, col: Leaf): string {
  const m = row.metric >= 0 ? row.metric : col.metric;
  if (row.key >= 0 && col.key >= 0) return model.formatted[row.key]?.[col.key]?.[m] ?? "";
  if (row.key >= 0) return model.rowTotals?.[row.key]?.[m] ?? "";
  if (col.key >= 0) return model.colTotals?.[col.key]?.[m] ?? "";
  return model.grandTotals?.[m] ?? "";
}
