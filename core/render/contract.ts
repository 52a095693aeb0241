import type { LayoutBlock } from "./draw-blocks";
import type { PlacedChart } from "./draw-chart";
import type { PageDrawingInput } from "../dashboards/page-drawing";

// What the main Worker asks the render Worker (ADR 0014) through its service binding, as JSON: the charts' saved
// form data and chart-data answers, placed on one picture. The render Worker answers the PNG or PDF bytes, with
// RENDER_NOTICES_HEADER naming the charts it could not draw; a single chart that cannot be drawn is a 422 whose
// JSON `message` says why.

export type RenderFormat = "PNG" | "PDF";

export interface RenderRequest {
  format: RenderFormat;
  /** the PDF's title */
  title: string;
  width: number;
  height: number;
  charts: PlacedChart[];
  /** a dashboard's headers, dividers and markdown, in their layout boxes */
  blocks?: LayoutBlock[];
}

/** What the main Worker asks for a dashboard page's first paint (POST /page-drawings, ADR 0015): each chart's
 * form data and cached chart-data answer at the size of its drawing area; the answer is `{ drawings: { id: svg } }`. */
export interface PageDrawingsRequest {
  charts: PageDrawingInput[];
}

export const RENDER_NOTICES_HEADER = "X-Render-Notices";
/** the largest picture drawn, in pixels a side (a tall dashboard; Superset's custom width tops out at 2400) */
export const MAX_RENDER_SIDE = 8000;
/** and the most pixels in all (16 M: 64 MB of RGBA, half a Worker's memory) */
export const MAX_RENDER_PIXELS = 16_000_000;
