import type { PageDrawingInput } from "../../core/dashboards/page-drawing";

// Drawings of dashboard charts for the page's first paint (ADR 0015), kept by a SHA-256 of what they are drawn
// from (form data, the answer's data, size, title): a drawing kept is exactly the one the render Worker would make
// now, so it never goes stale; a changed answer or size is another key. Two tiers, as the chart data's: this
// isolate's memory (a warm page reads no cache), then the Workers Cache API of the data centre. An empty drawing
// says the chart cannot be drawn on the server (the word cloud), so it is not asked for again.

const ORIGIN = "https://page-drawings.cache";
/** kept as long as chart data is by default (Superset's CACHE_DEFAULT_TIMEOUT) */
const KEEP_SECONDS = 86_400;
/** the drawings kept in this isolate, in characters (about 8 MB of a Worker's 128 MB) */
const FRONT_CHARS = 8_000_000;

const front = new Map<string, string>();
let frontChars = 0;

function keep(key: string, svg: string) {
  const old = front.get(key);
  if (old !== undefined) {
    front.delete(key);
    frontChars -= old.length;
  }
  front.set(key, svg);
  frontChars += svg.length;
  // oldest first (a Map iterates in insertion order, and a hit is inserted again)
  for (const [k, v] of front) {
    if (frontChars <= FRONT_CHARS) break;
    front.delete(k);
    frontChars -= v.length;
  }
}

function cache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

export async function drawingKey(input: PageDrawingInput): Promise<string> {
  const { id: _id, ...drawn } = input;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(drawn)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The kept drawing ("" when the chart cannot be drawn), or null when none is kept. */
export async function readDrawing(key: string): Promise<string | null> {
  const mine = front.get(key);
  if (mine !== undefined) {
    keep(key, mine);
    return mine;
  }
  const hit = await cache()?.match(`${ORIGIN}/${key}`);
  if (!hit) return null;
  const svg = await hit.text();
  keep(key, svg);
  return svg;
}

export async function writeDrawing(key: string, svg: string): Promise<void> {
  keep(key, svg);
  await cache()?.put(`${ORIGIN}/${key}`, new Response(svg, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": `max-age=${KEEP_SECONDS}` } }));
}

export interface MissingDrawing {
  input: PageDrawingInput;
  key: string;
}

/** The kept drawings of `inputs` by chart id (none for a chart kept as undrawable), and those not kept yet. */
export async function keptDrawings(inputs: PageDrawingInput[]): Promise<{ drawings: Record<number, string>; missing: MissingDrawing[] }> {
  const keys = await Promise.all(inputs.map(drawingKey));
  const kept = await Promise.all(keys.map(readDrawing));
  const drawings: Record<number, string> = {};
  const missing: MissingDrawing[] = [];
  inputs.forEach((input, i) => {
    if (kept[i] === null) missing.push({ input, key: keys[i] });
    else if (kept[i]) drawings[input.id] = kept[i]!;
  });
  return { drawings, missing };
}
