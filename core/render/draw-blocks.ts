import { drawGrid } from "./draw-grid";
import { markdownBlocks, type MarkdownBlock } from "./markdown-blocks";
import { SvgContext, type FontSpec, type TextEngine } from "./svg-context";
import { fitText, wrapText } from "./text-layout";

// The dashboard's components that are not charts, drawn in their layout boxes of a dashboard report's picture:
// headers (one line at the size the dashboard shows: Mantine's h2/h3/h4), dividers (a rule across the box) and
// markdown (its blocks as text: headings, wrapped paragraphs, bullets and numbers, code, quotes, rules and
// tables). Text that does not fit its box's height is left out at the last whole line, as the dashboard's box
// hides what overflows.

export type LayoutBlock =
  | { kind: "header"; text: string; size: string; x: number; y: number; width: number; height: number }
  | { kind: "divider"; x: number; y: number; width: number; height: number }
  | { kind: "markdown"; code: string; x: number; y: number; width: number; height: number };

const INK = "#212529";
const DIMMED = "#868e96";
const RULE = "#dee2e6";
const CODE_BG = "#f1f3f5";
const PAD = 12;
/** Mantine's title sizes for the header component's sizes (the dashboard draws them as h2, h3, h4) */
const HEADER_PX: Record<string, number> = { LARGE_HEADER: 26, MEDIUM_HEADER: 22, SMALL_HEADER: 18 };
/** markdown headings h1–h6 */
const HEADING_PX = [28, 24, 20, 16, 14, 13];
const BODY: FontSpec = { sizePx: 14, bold: false };
const LINE = 1.5;
const INDENT_PX = 20;

function headerSvg(b: Extract<LayoutBlock, { kind: "header" }>, ctx: SvgContext, text: TextEngine) {
  const sizePx = (Object.hasOwn(HEADER_PX, b.size) ? HEADER_PX[b.size] : undefined) ?? HEADER_PX.MEDIUM_HEADER;
  ctx.fillStyle = INK;
  ctx.font = `bold ${sizePx}px Inter`;
  ctx.textBaseline = "middle";
  ctx.fillText(fitText(b.text, b.width - 2 * PAD, { sizePx, bold: true }, text), PAD, b.height / 2);
}

function dividerSvg(b: Extract<LayoutBlock, { kind: "divider" }>, ctx: SvgContext) {
  ctx.strokeStyle = RULE;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, Math.round(b.height / 2) + 0.5);
  ctx.lineTo(b.width, Math.round(b.height / 2) + 0.5);
  ctx.stroke();
}

/** Draws markdown blocks from the top of `ctx`; answers extra SVG (tables are grids placed inside the box). */
function markdownSvg(blocks: MarkdownBlock[], ctx: SvgContext, text: TextEngine, id: string, at: { x: number; y: number }): string {
  const width = ctx.width - 2 * PAD;
  let y = PAD;
  let extra = "";
  const fits = (h: number) => y + h <= ctx.height - PAD / 2;
  ctx.textBaseline = "middle";
  for (const [i, block] of blocks.entries()) {
    if (block.kind === "rule") {
      if (!fits(16)) break;
      ctx.strokeStyle = RULE;
      ctx.beginPath(); ctx.moveTo(PAD, y + 8.5); ctx.lineTo(PAD + width, y + 8.5); ctx.stroke();
      y += 16;
      continue;
    }
    if (block.kind === "table") {
      const rows = Math.min(block.rows.length + 1, Math.floor((ctx.height - PAD - y) / 28));
      if (rows < 1) break;
      const grid = new SvgContext(width, rows * 28, text, `${id}t${i}`);
      drawGrid({ align: block.align, head: block.header.map((t) => ({ text: t })), body: block.rows.map((r) => r.map((t) => ({ text: t }))), foot: [], striped: true, columnBorders: false }, grid, text);
      extra += grid.toSvg(undefined, { x: at.x + PAD, y: at.y + y });
      y += rows * 28 + 8;
      continue;
    }
    const font: FontSpec = block.kind === "heading" ? { sizePx: HEADING_PX[block.depth - 1] ?? 14, bold: true } : BODY;
    const indent = block.kind === "paragraph" ? block.indent * INDENT_PX : 0;
    const lineHeight = font.sizePx * LINE;
    const lines = wrapText(block.text, width - indent - (block.kind === "code" ? 2 * 8 : 0), font, text);
    const shown: string[] = [];
    for (const line of lines) { if (!fits((shown.length + 1) * lineHeight)) break; shown.push(line); }
    if (!shown.length) break;
    ctx.font = `${font.bold ? "bold " : ""}${font.sizePx}px Inter`;
    ctx.textAlign = "left";
    if (block.kind === "code") {
      ctx.fillStyle = CODE_BG;
      ctx.fillRect(PAD, y, width, shown.length * lineHeight);
    }
    if (block.kind === "paragraph" && block.quote) {
      ctx.fillStyle = RULE;
      ctx.fillRect(PAD + indent - INDENT_PX + 4, y, 3, shown.length * lineHeight);
    }
    ctx.fillStyle = block.kind === "paragraph" && block.quote ? DIMMED : INK;
    if (block.kind === "paragraph" && block.marker) {
      ctx.textAlign = "right";
      ctx.fillText(block.marker, PAD + indent - 6, y + lineHeight / 2);
      ctx.textAlign = "left";
    }
    shown.forEach((line, n) => ctx.fillText(line, PAD + indent + (block.kind === "code" ? 8 : 0), y + (n + 0.5) * lineHeight));
    y += shown.length * lineHeight + (block.kind === "heading" ? font.sizePx * 0.4 : 6);
    if (shown.length < lines.length) break;
  }
  return extra;
}

/** One layout block as an <svg> placed at its box (ids prefixed with `id`). */
export function drawBlock(block: LayoutBlock, text: TextEngine, id: string): string {
  const ctx = new SvgContext(block.width, block.height, text, id);
  const at = { x: block.x, y: block.y };
  let extra = "";
  if (block.kind === "header") headerSvg(block, ctx, text);
  else if (block.kind === "divider") dividerSvg(block, ctx);
  else extra = markdownSvg(markdownBlocks(block.code), ctx, text, id, at);
  return ctx.toSvg(undefined, at) + extra;
}
