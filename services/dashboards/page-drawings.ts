import { PAGE_DRAWING_WAIT_MS, type PageDrawingInput } from "../../core/dashboards/page-drawing";
import type { PageDrawingsRequest } from "../../core/render/contract";
import { keptDrawings, writeDrawing, type MissingDrawing } from "./drawing-store";

// The first paint of a dashboard page (ADR 0015): the charts whose data the page embeds, drawn by the render
// Worker as inline SVG at the size their drawing area has in the viewer's grid, so the server's HTML shows every
// cached chart before any script has run; the live charts replace them as they draw. Drawings are kept (drawing-
// store.ts) by what they are drawn from, and are usually made ahead of the page, after the batch request that
// filled the chart-data cache (predraw.ts). A page never waits long for one it lacks: without the render Worker,
// or when it is slow or fails, the chart shows its loader as before, and the drawing is kept for the next view.

/** The longest the render Worker may take to draw a page's charts (24 take ~0.3 s of its CPU here). */
const RENDER_TIMEOUT_MS = 10_000;

export interface DrawingDeps {
  renderer: Fetcher | undefined;
  /** keeps work going after the response (waitUntil) */
  background: (p: Promise<unknown>) => void;
}

/** The drawings of `inputs` by chart id: those kept, and those the render Worker makes within `waitMs`. */
export async function pageDrawings(deps: DrawingDeps, inputs: PageDrawingInput[], waitMs = PAGE_DRAWING_WAIT_MS): Promise<Record<number, string>> {
  if (!deps.renderer || !inputs.length) return {};
  const { drawings, missing } = await keptDrawings(inputs);
  if (!missing.length) return drawings;
  const made = drawAndKeep(deps.renderer, missing);
  deps.background(made);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const inTime = await Promise.race([made, new Promise<null>((r) => (timer = setTimeout(() => r(null), waitMs)))]);
  clearTimeout(timer);
  return { ...drawings, ...(inTime ?? {}) };
}

/** Draws `missing` and keeps each drawing (an empty one for a chart that cannot be drawn, so it is not asked again). */
export async function drawAndKeep(renderer: Fetcher, missing: MissingDrawing[]): Promise<Record<number, string>> {
  const request: PageDrawingsRequest = { charts: missing.map((m) => m.input) };
  try {
    // bounded: the page's waitUntil holds this promise, and a render Worker that never answers must not hold it forever
    const res = await renderer.fetch("https://render.internal/page-drawings", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request), signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return {};
    }
    const { drawings } = (await res.json()) as { drawings: Record<number, string> };
    await Promise.all(missing.map((m) => writeDrawing(m.key, drawings[m.input.id] ?? "")));
    return drawings;
  } catch {
    return {}; // the render Worker failed: the charts draw live, as without drawings
  }
}
