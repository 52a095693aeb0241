import type { HierarchyNode } from "d3-hierarchy";
import type { TreeDatum } from "../../hierarchy";

// The partition chart's geometry: an icicle laid left to right, a column per level (the metric, then each groupby
// column), each node a band of its parent's height in proportion to its value. Children past the partition limit
// or under the threshold share of their parent are left out, and their room stays empty, so the shown ones keep
// their true share.

export interface Band {
  /** the column (0: the metric's root) */
  depth: number;
  /** top and height as shares of the chart's height */
  y: number;
  h: number;
  name: string;
  path: string[];
  value: number;
  /** the share of the parent's value (1 for a root) */
  share: number;
}

export interface PartitionOptions {
  /** at most this many children per node, the biggest (0 or absent: all) */
  limit?: number;
  /** children under this share of their parent (0..1) are left out */
  threshold?: number;
  /** sizes by the logarithm of the values, so small groups stay visible */
  logScale?: boolean;
}

export function layoutBands(root: HierarchyNode<TreeDatum>, top: number, height: number, opts: PartitionOptions = {}): Band[] {
  const out: Band[] = [];
  const weight = (v: number) => (opts.logScale ? Math.log1p(Math.max(0, v)) : Math.max(0, v));
  const visit = (node: HierarchyNode<TreeDatum>, y: number, h: number, share: number) => {
    out.push({ depth: node.depth, y, h, name: node.data.name, path: node.data.path, value: node.value ?? 0, share });
    const total = node.value ?? 0;
    let kids = [...(node.children ?? [])].sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
    if (opts.threshold && total > 0) kids = kids.filter((k) => (k.value ?? 0) / total >= opts.threshold!);
    if (opts.limit && opts.limit > 0) kids = kids.slice(0, opts.limit);
    // the parent's room is divided by all its children's weights: left-out children's share stays blank
    const all = (node.children ?? []).reduce((a, k) => a + weight(k.value ?? 0), 0);
    let at = y;
    for (const k of kids) {
      const kh = all > 0 ? (h * weight(k.value ?? 0)) / all : 0;
      visit(k, at, kh, total > 0 ? (k.value ?? 0) / total : 0);
      at += kh;
    }
  };
  visit(root, top, height, 1);
  return out;
}
