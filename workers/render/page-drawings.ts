import { drawForPage, NotDrawable } from "../../core/render/draw-chart";
import { MAX_RENDER_SIDE, type PageDrawingsRequest } from "../../core/render/contract";
import type { TextEngine } from "../../core/render/svg-context";

// POST /page-drawings: the charts of a dashboard page drawn as inline SVG for its first paint (ADR 0015). The main
// Worker keeps what it gets (services/dashboards/drawing-store.ts). A chart that cannot be drawn here (the word
// cloud, data that draws nothing) is left out of the answer: the page shows its loader until the live chart draws.

const MAX_CHARTS = 200;

export function validPageDrawings(body: unknown): body is PageDrawingsRequest {
  const r = body as PageDrawingsRequest;
  const side = (n: unknown) => typeof n === "number" && Number.isFinite(n) && n >= 1 && n <= MAX_RENDER_SIDE;
  return !!r && Array.isArray(r.charts) && r.charts.length <= MAX_CHARTS
    && r.charts.every((c) => c && Number.isSafeInteger(c.id) && side(c.width) && side(c.height) && Array.isArray(c.queriesData) && !!c.formData && typeof c.formData === "object");
}

/** Each drawable chart's SVG, by id. */
export function pageDrawings(request: PageDrawingsRequest, text: TextEngine): Record<number, string> {
  const drawings: Record<number, string> = {};
  for (const { id, ...input } of request.charts) {
    try {
      drawings[id] = drawForPage(input, text, `d${id}-`);
    } catch (e) {
      if (!(e instanceof NotDrawable)) console.warn(`page drawing of chart ${id}: ${(e as Error).message}`);
    }
  }
  return drawings;
}
