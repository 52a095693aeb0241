import { componentText, parseLayout, walk, type Layout, type LayoutComponent } from "../dashboards/layout";
import { lineChanges, movedItems, record, said, same, type DiffLine } from "./words";

// What changed between two saved states of a dashboard, in words: title and other fields, the layout (charts
// added, removed, moved, resized; tabs; markdown and headers), native filters, cross-filter scopes, CSS and the
// other metadata keys. Both states are rows as a revision keeps them (core/revisions/revisions.ts).

type State = Record<string, unknown>;

const FIELD_LABELS: [string, string][] = [
  ["dashboard_title", "Title"], ["slug", "Slug"], ["certified_by", "Certified by"], ["certification_details", "Certification details"],
];
/** json_metadata keys with lines of their own; the others are compared key by key */
const OWN_LINES = new Set(["native_filter_configuration", "chart_configuration", "positions", "global_chart_configuration"]);

export interface DashboardDiffOptions {
  /** chart names by id, for CHART components that carry none */
  chartNames?: ReadonlyMap<number, string>;
}

export function diffDashboardStates(before: State, after: State, options: DashboardDiffOptions = {}): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const [field, label] of FIELD_LABELS)
    if (!same(before[field] ?? null, after[field] ?? null)) lines.push({ area: "properties", text: `${label}: ${said(before[field])} → ${said(after[field])}` });
  if (Boolean(before.published) !== Boolean(after.published)) lines.push({ area: "properties", text: after.published ? "Published" : "Unpublished (draft)" });
  lines.push(...layoutLines(parseLayout(before.position_json), parseLayout(after.position_json), options));
  const metaBefore = record(before.json_metadata);
  const metaAfter = record(after.json_metadata);
  lines.push(...filterLines(metaBefore.native_filter_configuration, metaAfter.native_filter_configuration));
  lines.push(...crossFilterLines(metaBefore, metaAfter, options));
  for (const key of [...new Set([...Object.keys(metaBefore), ...Object.keys(metaAfter)])].sort())
    if (!OWN_LINES.has(key) && !same(metaBefore[key], metaAfter[key])) lines.push({ area: "metadata", text: `Metadata ${key}: ${said(metaBefore[key])} → ${said(metaAfter[key])}` });
  const cssBefore = typeof before.css === "string" ? before.css : "";
  const cssAfter = typeof after.css === "string" ? after.css : "";
  if (cssBefore !== cssAfter) {
    const { added, removed } = lineChanges(cssBefore, cssAfter);
    lines.push({ area: "css", text: `CSS changed (${added} line${added === 1 ? "" : "s"} added, ${removed} removed)` });
  }
  return lines;
}

function chartName(c: LayoutComponent, names: ReadonlyMap<number, string> | undefined): string {
  const id = c.meta.chartId;
  return c.meta.sliceNameOverride || (id !== undefined && names?.get(id)) || c.meta.sliceName || `Chart ${id ?? c.id}`;
}

/** Each reachable component with its parent id and the title of the tab it sits in. */
function placed(layout: Layout): Map<string, { c: LayoutComponent; parent: string; tab: string | null }> {
  const out = new Map<string, { c: LayoutComponent; parent: string; tab: string | null }>();
  const visit = (id: string, parent: string, tab: string | null, seen: Set<string>) => {
    const c = layout[id];
    if (!c || seen.has(id)) return;
    seen.add(id);
    out.set(id, { c, parent, tab });
    const inTab = c.type === "TAB" ? componentText(c) : tab;
    for (const child of c.children) visit(child, id, inTab, seen);
  };
  const root = walk(layout)[0];
  if (root) visit(root.id, "", null, new Set());
  return out;
}

const size = (c: LayoutComponent) => `${c.meta.width ?? "?"}×${c.meta.height ?? "?"}`;
const KIND: Partial<Record<LayoutComponent["type"], string>> = { TAB: "Tab", MARKDOWN: "Markdown", HEADER: "Header" };

function layoutLines(before: Layout, after: Layout, { chartNames }: DashboardDiffOptions): DiffLine[] {
  const a = placed(before);
  const b = placed(after);
  const lines: DiffLine[] = [];
  const say = (text: string) => lines.push({ area: "layout", text });
  // a markdown box is named by its text (meta.code); componentText reads the titles of tabs and headers
  const textOf = (c: LayoutComponent) => (c.type === "MARKDOWN" ? c.meta.code ?? "" : componentText(c));
  const nameOf = (c: LayoutComponent) => (c.type === "CHART" ? `chart ${said(chartName(c, chartNames))}` : `${(KIND[c.type] ?? c.type).toLowerCase()} ${said(textOf(c).slice(0, 40))}`);
  for (const [id, { c }] of b) {
    if (a.has(id) || !(c.type === "CHART" || KIND[c.type])) continue;
    say(`${c.type === "CHART" ? "Chart" : KIND[c.type]} added: ${c.type === "CHART" ? said(chartName(c, chartNames)) : said(textOf(c).slice(0, 40))}`);
  }
  for (const [id, { c }] of a) {
    if (b.has(id) || !(c.type === "CHART" || KIND[c.type])) continue;
    say(`${c.type === "CHART" ? "Chart" : KIND[c.type]} removed: ${c.type === "CHART" ? said(chartName(c, chartNames)) : said(textOf(c).slice(0, 40))}`);
  }
  // moves: to another container, or out of order among the siblings both layouts share
  const reordered = new Set<string>();
  for (const [id, { c }] of b) {
    const old = a.get(id);
    if (old && old.parent === b.get(id)!.parent && before[old.parent] && after[old.parent])
      for (const m of movedItems(before[old.parent].children, after[old.parent].children)) if (m === id && (c.type === "CHART" || KIND[c.type])) reordered.add(id);
  }
  for (const [id, now] of b) {
    const old = a.get(id);
    if (!old) continue;
    const c = now.c;
    if (c.type === "CHART" || c.type === "MARKDOWN") {
      if (old.parent !== now.parent || reordered.has(id)) say(`Moved ${nameOf(c)}${old.tab !== now.tab ? ` to ${now.tab === null ? "the top level" : `tab ${said(now.tab)}`}` : ""}`);
      if (size(old.c) !== size(c)) say(`Resized ${nameOf(c)}: ${size(old.c)} → ${size(c)}`);
    } else if (c.type === "TAB" && reordered.has(id)) say(`Moved ${nameOf(c)}`);
    if ((c.type === "TAB" || c.type === "HEADER") && componentText(old.c) !== componentText(c)) say(`${KIND[c.type]} renamed: ${said(componentText(old.c))} → ${said(componentText(c))}`);
    if (c.type === "MARKDOWN" && (old.c.meta.code ?? "") !== (c.meta.code ?? "")) {
      const { added, removed } = lineChanges(old.c.meta.code ?? "", c.meta.code ?? "");
      say(`Markdown text changed (${added} line${added === 1 ? "" : "s"} added, ${removed} removed): ${said((c.meta.code ?? "").slice(0, 40))}`);
    }
  }
  return lines;
}

const FILTER_PARTS: [string, string][] = [
  ["name", "name"], ["filterType", "type"], ["targets", "dataset/column"], ["defaultDataMask", "default value"], ["controlValues", "options"],
  ["scope", "scope"], ["cascadeParentIds", "parent filters"], ["adhoc_filters", "pre-filters"], ["time_range", "time range"], ["description", "description"],
];

function filterLines(before: unknown, after: unknown): DiffLine[] {
  const byId = (v: unknown) => new Map((Array.isArray(v) ? v : []).filter((f) => f && typeof f === "object" && typeof f.id === "string").map((f) => [f.id as string, f as Record<string, unknown>]));
  const a = byId(before);
  const b = byId(after);
  const name = (f: Record<string, unknown>) => said(typeof f.name === "string" ? f.name : f.id);
  const lines: DiffLine[] = [];
  for (const [id, f] of b) if (!a.has(id)) lines.push({ area: "filters", text: `Native filter added: ${name(f)}` });
  for (const [id, f] of a) if (!b.has(id)) lines.push({ area: "filters", text: `Native filter removed: ${name(f)}` });
  for (const [id, f] of b) {
    const old = a.get(id);
    if (!old || same(old, f)) continue;
    const parts = FILTER_PARTS.filter(([k]) => !same(old[k], f[k])).map(([, label]) => label);
    const rest = Object.keys({ ...old, ...f }).some((k) => !FILTER_PARTS.some(([p]) => p === k) && !same(old[k], f[k]));
    lines.push({ area: "filters", text: `Native filter ${name(old)} changed: ${[...parts, ...(rest ? ["other settings"] : [])].join(", ")}` });
  }
  return lines;
}

function crossFilterLines(before: Record<string, unknown>, after: Record<string, unknown>, { chartNames }: DashboardDiffOptions): DiffLine[] {
  const lines: DiffLine[] = [];
  const a = record(before.chart_configuration);
  const b = record(after.chart_configuration);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (!same(a[key], b[key])) lines.push({ area: "filters", text: `Cross-filter scope changed: chart ${said(chartNames?.get(Number(key)) ?? key)}` });
  if (!same(before.global_chart_configuration, after.global_chart_configuration)) lines.push({ area: "filters", text: "Cross-filter scope changed for all charts" });
  return lines;
}
