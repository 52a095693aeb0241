// The largest font size, at most `size`, at which `text` fits `maxWidth` CSS pixels, measured by the browser's own
// canvas in the page's font: a big number's headline is sized from its box's height, and a long figure in a
// narrow box would otherwise spill over its neighbours (the server's drawing shrinks it alike: core/render).

let measurer: CanvasRenderingContext2D | null = null;

export function fittedFontSize(text: string, size: number, maxWidth: number, bold: boolean, min = 8): number {
  if (typeof document === "undefined" || maxWidth <= 0 || !text) return size;
  measurer ??= document.createElement("canvas").getContext("2d");
  if (!measurer) return size;
  measurer.font = `${bold ? "bold " : ""}${size}px ${getComputedStyle(document.body).fontFamily}`;
  const width = measurer.measureText(text).width;
  return width <= maxWidth || width === 0 ? size : Math.max(min, (size * maxWidth) / width);
}
