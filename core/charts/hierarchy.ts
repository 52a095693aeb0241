import { hierarchy, type HierarchyNode } from "d3-hierarchy";
import { num } from "./data";

// Rows grouped by a list of dimensions into a tree (d3-hierarchy), as treemap and sunburst draw them: each
// level's nodes summed from their leaves and sorted by value, largest first, as Superset's ECharts versions do.

export interface TreeDatum {
  name: string;
  /** The dimension values from the root down to this node. */
  path: string[];
  value?: number;
  children?: TreeDatum[];
}

export function buildTree(rows: Record<string, unknown>[], dims: string[], metric: string, rootName: string, label: (dim: string, v: unknown) => string): HierarchyNode<TreeDatum> {
  const root: TreeDatum = { name: rootName, path: [], children: [] };
  for (const r of rows) {
    let node = root;
    dims.forEach((d, depth) => {
      const name = label(d, r[d]);
      node.children ??= [];
      let child = node.children.find((ch) => ch.name === name);
      if (!child) {
        child = { name, path: [...node.path, name], ...(depth < dims.length - 1 ? { children: [] } : { value: 0 }) };
        node.children.push(child);
      }
      node = child;
    });
    node.value = (node.value ?? 0) + (num(r[metric]) ?? 0);
  }
  return hierarchy(root)
    .sum((d) => (d.children?.length ? 0 : d.value ?? 0))
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
}
