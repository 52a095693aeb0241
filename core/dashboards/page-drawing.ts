import type { DrawInput } from "../render/draw-chart";
import type { VerboseMap } from "../charts/verbose-map";
import { dashboardSlots } from "../render/dashboard-grid";
import type { Layout } from "./layout";

// What the dashboard page's server pass and the page itself agree on for the charts drawn on the server for the
// first paint (docs/decisions/0015-server-drawn-first-paint.md): the cookie in which the page records its grid's
// width, how a chart's box (a grid slot) becomes the area its chart draws in (app/features/dashboard/
// DashboardChart.tsx: a Paper with `xs` padding and a 1 px border, its 32 px header above the drawing), and what
// a drawing is made of, so the page and the drawings made ahead of it (after a batch) name a drawing alike.

/** The cookie holding the dashboard grid's width in CSS pixels, written by the page, read by its server pass. */
export const GRID_WIDTH_COOKIE = "dashboard_grid_width";
/** The grid width assumed before the page has told it (a 1440 px window with the filter bar open). */
export const DEFAULT_GRID_WIDTH = 1100;
const MIN_GRID_WIDTH = 300;
const MAX_GRID_WIDTH = 4000;

/** How long the page's server pass waits for drawings it lacks before it is sent without them. */
export const PAGE_DRAWING_WAIT_MS = 150;

const CARD_PADDING = 10;
const CARD_BORDER = 1;
const CHART_HEADER = 32;
/** smaller than this, a chart draws nothing worth a first paint */
const MIN_SIDE = 20;

export function drawingArea(boxWidth: number, boxHeight: number): { width: number; height: number } {
  const inset = 2 * (CARD_PADDING + CARD_BORDER);
  return { width: Math.round(boxWidth - inset), height: Math.round(boxHeight - inset - CHART_HEADER) };
}

/**
 * The header an embedded dashboard's page sends its grid's width in: inside a host's iframe the page's cookies
 * are third-party ones, which browsers do not send.
 */
export const GRID_WIDTH_HEADER = "X-Dashboard-Grid-Width";

/** The grid width a request names (its header, else its cookie), within sane bounds; the default when absent or unreadable. */
export function gridWidthOf(cookieHeader: string | null, header?: string | null): number {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${GRID_WIDTH_COOKIE}=(\\d{1,5})(?:;|$)`));
  const sane = (width: number) => Number.isFinite(width) && width >= MIN_GRID_WIDTH && width <= MAX_GRID_WIDTH;
  const stated = header && /^\d{1,5}$/.test(header) ? Number(header) : NaN;
  if (sane(stated)) return stated;
  const width = match ? Number(match[1]) : NaN;
  return sane(width) ? width : DEFAULT_GRID_WIDTH;
}

/** A chart of the page, as its server pass has it. */
export interface PageDrawingChart {
  id: number;
  slice_name: string;
  form_data: Record<string, unknown>;
  verbose_map?: VerboseMap;
}

export interface PageDrawingInput extends DrawInput {
  id: number;
}

// what says when and how an answer was read, not what it holds: a fresh answer and the same answer read back
// from the cache draw the same picture, so they must name the same drawing
const VOLATILE = new Set(["cache_key", "cached_dttm", "cache_timeout", "is_cached", "stacktrace"]);

/**
 * The drawings a page shows first: each chart with data, in the tab the server's HTML opens (each tab set's first),
 * at its drawing area's size in a grid `gridWidth` wide, once per chart.
 */
export function pageDrawingInputs(layout: Layout, gridWidth: number, charts: PageDrawingChart[], results: Record<number, Record<string, unknown>[]>): PageDrawingInput[] {
  const byId = new Map(charts.map((c) => [c.id, c]));
  const inputs: PageDrawingInput[] = [];
  const seen = new Set<number>();
  for (const slot of dashboardSlots(layout, gridWidth).slots) {
    const chart = byId.get(slot.chartId);
    const result = results[slot.chartId];
    if (!chart || !result || seen.has(chart.id)) continue;
    seen.add(chart.id);
    const area = drawingArea(slot.width, slot.height);
    if (area.width < MIN_SIDE || area.height < MIN_SIDE) continue;
    const queriesData = result.map((q) => Object.fromEntries(Object.entries(q).filter(([k]) => !VOLATILE.has(k))));
    inputs.push({ id: chart.id, formData: chart.form_data, queriesData: queriesData as DrawInput["queriesData"], ...area, chartName: chart.slice_name, ...(chart.verbose_map ? { verboseMap: chart.verbose_map } : {}) });
  }
  return inputs;
}
