import { ROOT_ID, componentText, pathTo, walk, type Layout, type LayoutComponent } from "../layout";
import { chartsInScope } from "./scope";
import type { FilterScope } from "./types";

// Superset's scoping tree of a native filter (FilterScope/ScopingTree): "All panels", then the dashboard's tabs
// (nested as they are) and charts, rows and columns left out. Checked charts become a scope as Superset's
// findFilterScope does: the highest tabs whose charts are all checked become the root path, so a chart added to
// such a tab later is in scope; other checked charts root at their nearest tab (or the dashboard), and every
// unchecked chart under a root is excluded.

export interface ScopeTreeNode {
  value: string;
  label: string;
  children?: ScopeTreeNode[];
}

const isChart = (c: LayoutComponent | undefined) => c?.type === "CHART" && Number.isSafeInteger(c.meta.chartId);

/** The tree under "All panels"; a chart leaf's value is its layout component id, a tab's its id. */
export function scopeTree(layout: Layout, chartName: (chartId: number) => string): ScopeTreeNode[] {
  const nodes = (id: string, seen: Set<string>): ScopeTreeNode[] => {
    const c = layout[id];
    if (!c || seen.has(id)) return [];
    seen.add(id);
    if (isChart(c)) return [{ value: id, label: chartName(c.meta.chartId!) }];
    const children = c.children.flatMap((child) => nodes(child, seen));
    if (c.type === "TAB") return children.length ? [{ value: id, label: componentText(c) || "Tab", children }] : [];
    return children;
  };
  const children = nodes(ROOT_ID, new Set());
  return children.length ? [{ value: ROOT_ID, label: "All panels", children }] : [];
}

/** The chart components a scope reaches: the tree's checked leaves. */
export function checkedFromScope(layout: Layout, scope: FilterScope): string[] {
  const inScope = new Set(chartsInScope(layout, scope));
  return walk(layout).filter((c) => isChart(c) && inScope.has(c.meta.chartId!)).map((c) => c.id);
}

/** The scope of the checked chart components (other values, such as tabs, are ignored). */
export function scopeFromChecked(layout: Layout, checked: string[]): FilterScope {
  const charts = walk(layout).filter(isChart);
  const on = new Set(checked.filter((id) => isChart(layout[id])));
  const checkedIds = new Set(charts.filter((c) => on.has(c.id)).map((c) => c.meta.chartId!));
  const allIds = [...new Set(charts.map((c) => c.meta.chartId!))];
  if (checkedIds.size === 0) return { rootPath: [ROOT_ID], excluded: allIds };
  if (checkedIds.size === allIds.length) return { rootPath: [ROOT_ID], excluded: [] };

  const chartsUnder = (tab: string) => charts.filter((c) => pathTo(layout, c.id).includes(tab));
  const full = (tab: string) => chartsUnder(tab).every((c) => checkedIds.has(c.meta.chartId!));
  const roots = new Set<string>();
  for (const c of charts.filter((x) => on.has(x.id))) {
    const tabs = pathTo(layout, c.id).filter((id) => layout[id]?.type === "TAB");
    roots.add(tabs.find(full) ?? tabs[tabs.length - 1] ?? ROOT_ID);
  }
  // a root inside another root adds nothing
  const rootPath = roots.has(ROOT_ID) ? [ROOT_ID] : [...roots].filter((r) => ![...roots].some((o) => o !== r && pathTo(layout, r).includes(o)));
  const reached = chartsInScope(layout, { rootPath, excluded: [] });
  return { rootPath, excluded: reached.filter((id) => !checkedIds.has(id)) };
}
