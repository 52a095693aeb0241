import type { FontSpec, TextEngine } from "./svg-context";

// Fitting text into boxes for the pictures drawn without Chart.js (tables, big numbers, dashboard markdown):
// a canvas has no layout engine, so cutting a cell's text to its column and wrapping a paragraph to its box are
// done here, measured with the embedded font's real advance widths.

const ELLIPSIS = "…";

/** `value` cut to `maxWidth` with an ellipsis when it is wider (a table cell the browser would let scroll). */
export function fitText(value: string, maxWidth: number, font: FontSpec, text: TextEngine): string {
  if (text.width(value, font) <= maxWidth) return value;
  if (text.width(ELLIPSIS, font) > maxWidth) return "";
  const chars = [...value];
  // binary search on the number of characters kept: widths only grow with more characters
  let lo = 0, hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (text.width(chars.slice(0, mid).join("") + ELLIPSIS, font) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join("").trimEnd() + ELLIPSIS;
}

/** Words of `value` broken into lines no wider than `maxWidth`; a word longer than a line is cut to fit. */
export function wrapText(value: string, maxWidth: number, font: FontSpec, text: TextEngine): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (text.width(candidate, font) <= maxWidth) line = candidate;
      else {
        if (line) lines.push(line);
        line = fitText(word, maxWidth, font, text);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The largest font size ≤ `size` at which `value` fits `maxWidth` (never below `min`): a big number's headline. */
export function shrinkToFit(value: string, size: number, maxWidth: number, bold: boolean, text: TextEngine, min = 8): number {
  const width = text.width(value, { sizePx: size, bold });
  return width <= maxWidth || width === 0 ? size : Math.max(min, (size * maxWidth) / width);
}
