import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import interRegular from "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf";
import interBold from "@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf";
import { drawLayout } from "../../core/render/draw-chart";
import { fontTextEngine } from "../../core/render/font-text";
import { pngToPdf } from "../../core/render/pdf";
import { MAX_RENDER_PIXELS, MAX_RENDER_SIDE, RENDER_NOTICES_HEADER, type RenderRequest } from "../../core/render/contract";
import type { TextEngine } from "../../core/render/svg-context";
import { pageDrawings, validPageDrawings } from "./page-drawings";

// The render Worker (ADR 0014): draws report charts to PNG or PDF for the main Worker, which reaches it only
// through the RENDERER service binding (no public route: workers_dev is off). It lives apart because the
// rasteriser's WebAssembly alone is about 0.9 MB gzip, which would take the main Worker past its size budget
// and its cold start. The WebAssembly and the fonts are set up once per isolate and reused by every drawing.

let ready: Promise<TextEngine> | null = null;
function setUp(): Promise<TextEngine> {
  ready ??= initWasm(resvgWasm).then(() => fonts()).catch((e) => {
    ready = null;
    throw e;
  });
  return ready;
}

// page drawings measure text but rasterise nothing: they need the fonts, not the WebAssembly
let fontEngine: TextEngine | null = null;
const fonts = () => (fontEngine ??= fontTextEngine(interRegular, interBold));

const json = (status: number, body: unknown) => Response.json(body, { status });

const BLOCK_KINDS = new Set(["header", "divider", "markdown"]);

function valid(body: unknown): body is RenderRequest {
  const r = body as RenderRequest;
  const side = (n: unknown) => typeof n === "number" && Number.isFinite(n) && n >= 1 && n <= MAX_RENDER_SIDE;
  const blocks = r?.blocks ?? [];
  return Array.isArray(blocks) && blocks.every((b) => b && BLOCK_KINDS.has(b.kind) && side(b.width) && side(b.height) && typeof b.x === "number" && typeof b.y === "number"
    && (b.kind !== "markdown" || typeof b.code === "string") && (b.kind !== "header" || (typeof b.text === "string" && typeof b.size === "string")))
    && !!r && (r.format === "PNG" || r.format === "PDF") && side(r.width) && side(r.height) && r.width * r.height <= MAX_RENDER_PIXELS
    && Array.isArray(r.charts) && r.charts.length > 0
    && r.charts.every((c) => c && side(c.width) && side(c.height) && typeof c.x === "number" && typeof c.y === "number" && Array.isArray(c.queriesData) && typeof c.formData === "object");
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/page-drawings") {
      const body = await request.json().catch(() => null);
      if (!validPageDrawings(body)) return json(400, { message: "Not a page drawings request" });
      return json(200, { drawings: pageDrawings(body, fonts()) });
    }
    if (request.method !== "POST" || url.pathname !== "/render") return json(404, { message: "Not found" });
    const body = await request.json().catch(() => null);
    if (!valid(body)) return json(400, { message: "Not a render request" });
    const text = await setUp();
    const drawing = drawLayout(body.charts, body.width, body.height, text, body.blocks);
    if (body.charts.length === 1 && !body.blocks?.length && drawing.notices.length) return json(422, { message: drawing.notices[0] });
    const png = new Resvg(drawing.svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render().asPng();
    const bytes = body.format === "PDF" ? await pngToPdf(png, drawing.width, drawing.height, body.title) : png;
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": body.format === "PDF" ? "application/pdf" : "image/png",
        [RENDER_NOTICES_HEADER]: encodeURIComponent(JSON.stringify(drawing.notices)),
      },
    });
  },
};
