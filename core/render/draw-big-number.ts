import type { BigNumberModel } from "../charts/contract";
import { drawChartJs } from "./draw-chartjs";
import { SvgContext, type TextEngine } from "./svg-context";
import { shrinkToFit } from "./text-layout";

// A big number (with or without its trendline, and the big number total) laid out as the browser's
// BigNumberView lays it out (app/features/charts/ChartView.tsx): the headline and subheader sized from the
// model's font-size shares of the height above the trendline, the trendline in the lower 45 %, the whole
// block centred vertically. The headline is the chart type's formatted text; a headline wider than the box
// is drawn smaller rather than cut, so the figure is always whole.

const INK = "#212529";
const DIMMED = "#868e96";
/** Mantine's line heights: the headline's `lh={1.1}`, the subheader's default */
const HEADLINE_LH = 1.1;
const SUBHEADER_LH = 1.55;
const SIDE_PAD = 8;
/** the browser's gap between the period-over-period items (ChartView's COMPARISON_GAP) */
const COMPARISON_GAP = 16;

export function drawBigNumber(model: BigNumberModel, width: number, height: number, text: TextEngine, id: string, at: { x: number; y: number }, background: string | null): string {
  const trendHeight = model.trendline ? Math.round(height * 0.45) : 0;
  const rest = height - trendHeight;
  const room = width - 2 * SIDE_PAD;
  const headSize = shrinkToFit(model.headline, Math.max(16, rest * model.headerFontSize), room, true, text);
  const subSize = model.subheader ? shrinkToFit(model.subheader, Math.max(11, rest * model.subheaderFontSize), room, false, text) : 0;
  const comparisonText = (model.comparisons ?? []).map((c) => `${c.symbol} ${c.text}`).join("");
  const comparisonSize = model.comparisons?.length ? shrinkToFit(comparisonText, Math.max(11, rest * model.subheaderFontSize), room - COMPARISON_GAP * (model.comparisons.length - 1), true, text) : 0;
  const block = headSize * HEADLINE_LH + subSize * SUBHEADER_LH + comparisonSize * SUBHEADER_LH + trendHeight;
  let top = Math.max(0, (height - block) / 2);

  const ctx = new SvgContext(width, height, text, `${id}n`);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = INK;
  ctx.font = `bold ${headSize}px Inter`;
  ctx.fillText(model.headline, width / 2, top + (headSize * HEADLINE_LH) / 2);
  top += headSize * HEADLINE_LH;
  if (model.subheader) {
    ctx.fillStyle = DIMMED;
    ctx.font = `${subSize}px Inter`;
    ctx.fillText(model.subheader, width / 2, top + (subSize * SUBHEADER_LH) / 2);
    top += subSize * SUBHEADER_LH;
  }
  if (model.comparisons) drawComparisons(ctx, model.comparisons, comparisonSize, width, top + (comparisonSize * SUBHEADER_LH) / 2, text);
  const numbers = ctx.toSvg(background ?? undefined, at);
  if (!model.trendline || trendHeight < 10) return numbers;
  const trend = new SvgContext(width, trendHeight, text, `${id}t`);
  return numbers + drawChartJs(model.trendline, trend, { x: at.x, y: at.y + Math.round(top) }, null);
}

/** The period-over-period row (#, △, %), centred, its items COMPARISON_GAP apart as the browser's Group. */
function drawComparisons(ctx: SvgContext, items: NonNullable<BigNumberModel["comparisons"]>, size: number, width: number, y: number, text: TextEngine) {
  const labels = items.map((c) => `${c.symbol} ${c.text}`);
  const widths = labels.map((l) => text.width(l, { sizePx: size, bold: true }));
  let x = (width - widths.reduce((a, b) => a + b, 0) - COMPARISON_GAP * (items.length - 1)) / 2;
  ctx.textAlign = "left";
  ctx.font = `bold ${size}px Inter`;
  items.forEach((c, i) => {
    ctx.fillStyle = c.color ?? DIMMED;
    ctx.fillText(labels[i], x, y);
    x += widths[i] + COMPARISON_GAP;
  });
}
