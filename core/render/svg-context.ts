// A CanvasRenderingContext2D that writes SVG text, with no DOM: what Chart.js draws through it becomes one SVG
// string for a rasteriser (report PNGs, ADR 0014). Only the part of the 2D API Chart.js calls is here. The
// libraries that do this (canvas2svg, svgcanvas) build DOM nodes, which a Worker lacks; this one writes text.
// To keep the SVG small for the rasteriser, transforms are applied to the coordinates (no <g transform>), and
// consecutive fills or strokes with the same paint join into one <path> (500 point markers: one element).

export interface FontSpec {
  sizePx: number;
  bold: boolean;
}

/** Measures and outlines text in the one embedded font (Workers have no system fonts). */
export interface TextEngine {
  width(text: string, font: FontSpec): number;
  /** ascent and descent (positive, px) of the font at this size */
  metrics(font: FontSpec): { ascent: number; descent: number };
  /** the glyphs as SVG path commands with the pen at (0, 0) on the baseline, mapped through `map` */
  outline(text: string, font: FontSpec, map: (x: number, y: number) => [number, number]): string;
  /**
   * The drawing is shown in a browser, not rasterised: text is written as <text> elements in the viewer's own font
   * instead of outlines (a fraction of the bytes; the rasteriser has no fonts, so reports outline theirs), and a
   * line segment under half a pixel long is merged into the next (a world map's coasts are mostly such segments).
   */
  forBrowser?: boolean;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** A canvas gradient, written as an SVG gradient where a shape is painted with it (sankey flows, area fills). */
export class SvgGradient {
  readonly stops: [number, string][] = [];
  constructor(readonly kind: "linear" | "radial", readonly coords: number[]) {}
  addColorStop(offset: number, color: string) {
    if (Number.isFinite(offset)) this.stops.push([Math.max(0, Math.min(1, offset)), String(color)]);
  }
}

type Paint = string | SvgGradient;

interface State {
  m: Matrix;
  fillStyle: Paint;
  strokeStyle: Paint;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  dash: number[];
  dashOffset: number;
  alpha: number;
  font: string;
  textAlign: string;
  textBaseline: string;
  clip: string | null;
}

const num = (v: number) => (Math.round(v * 100) / 100).toString();
const attr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
/** Character data: labels are the data's own text, so markup in them must stay text. */
const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** Patterns are not drawn: their shapes get a neutral grey rather than disappearing. */
const paint = (style: unknown): Paint => (typeof style === "string" || style instanceof SvgGradient ? style : "#999999");

export function parseFont(font: string): FontSpec {
  const size = /(\d+(?:\.\d+)?)px/.exec(font);
  return { sizePx: size ? Number(size[1]) : 12, bold: /\b(bold|[6-9]00)\b/.test(font) };
}

export class SvgContext {
  private state: State;
  private stack: State[] = [];
  private out: string[] = [];
  private defs: string[] = [];
  private path = "";
  private pen: [number, number] | null = null;
  /** the last point written into the path, in canvas coordinates */
  private written: [number, number] | null = null;
  private pending: { key: string; d: string } | null = null;
  /** the last fill's paint, while the element it wrote is still pending */
  private lastFill: { key: string; fill: string } | null = null;
  private clipSeq = 0;
  readonly canvas: { width: number; height: number };

  /** `idPrefix` keeps clip ids apart when several drawings share one SVG (a dashboard's charts). */
  constructor(readonly width: number, readonly height: number, private readonly text: TextEngine, private readonly idPrefix = "c") {
    this.canvas = { width, height };
    this.state = {
      m: [...IDENTITY], fillStyle: "#000000", strokeStyle: "#000000", lineWidth: 1, lineCap: "butt", lineJoin: "miter",
      dash: [], dashOffset: 0, alpha: 1, font: "10px sans-serif", textAlign: "start", textBaseline: "alphabetic", clip: null,
    };
  }

  // ---- state ---------------------------------------------------------------------------------------------
  get fillStyle() { return this.state.fillStyle; }
  set fillStyle(v: unknown) { this.state.fillStyle = paint(v); }
  get strokeStyle() { return this.state.strokeStyle; }
  set strokeStyle(v: unknown) { this.state.strokeStyle = paint(v); }
  get lineWidth() { return this.state.lineWidth; }
  set lineWidth(v: number) { if (Number.isFinite(v) && v > 0) this.state.lineWidth = v; }
  get lineCap() { return this.state.lineCap; }
  set lineCap(v: string) { this.state.lineCap = v; }
  get lineJoin() { return this.state.lineJoin; }
  set lineJoin(v: string) { this.state.lineJoin = v; }
  get lineDashOffset() { return this.state.dashOffset; }
  set lineDashOffset(v: number) { this.state.dashOffset = v; }
  get globalAlpha() { return this.state.alpha; }
  set globalAlpha(v: number) { if (Number.isFinite(v)) this.state.alpha = Math.max(0, Math.min(1, v)); }
  get font() { return this.state.font; }
  set font(v: string) { this.state.font = v; }
  get textAlign() { return this.state.textAlign; }
  set textAlign(v: string) { this.state.textAlign = v; }
  get textBaseline() { return this.state.textBaseline; }
  set textBaseline(v: string) { this.state.textBaseline = v; }
  setLineDash(dash: number[]) { this.state.dash = dash.filter((d) => Number.isFinite(d) && d >= 0); }
  getLineDash() { return [...this.state.dash]; }

  save() { this.stack.push({ ...this.state, m: [...this.state.m] as Matrix, dash: [...this.state.dash] }); }
  restore() { const s = this.stack.pop(); if (s) this.state = s; }

  // ---- transforms (applied to coordinates as they are written) ------------------------------------------
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number) { this.state.m = [a, b, c, d, e, f]; }
  resetTransform() { this.state.m = [...IDENTITY]; }
  transform(a: number, b: number, c: number, d: number, e: number, f: number) {
    const [ma, mb, mc, md, me, mf] = this.state.m;
    this.state.m = [ma * a + mc * b, mb * a + md * b, ma * c + mc * d, mb * c + md * d, ma * e + mc * f + me, mb * e + md * f + mf];
  }
  translate(x: number, y: number) { this.transform(1, 0, 0, 1, x, y); }
  scale(x: number, y: number) { this.transform(x, 0, 0, y, 0, 0); }
  rotate(angle: number) { const c = Math.cos(angle), s = Math.sin(angle); this.transform(c, s, -s, c, 0, 0); }

  createLinearGradient(x0: number, y0: number, x1: number, y1: number) { return new SvgGradient("linear", [x0, y0, x1, y1]); }
  createRadialGradient(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number) { return new SvgGradient("radial", [x0, y0, r0, x1, y1, r1]); }
  createPattern() { return null; }

  /** A paint as an attribute value: a colour, or a gradient defined here with its points in canvas coordinates
   * (a canvas gradient lives in the user space of the moment it paints, and paths are written transformed). */
  private paintValue(p: Paint): string {
    if (typeof p === "string") return attr(p);
    if (!p.stops.length) return "none";
    const id = `${this.idPrefix}g${++this.clipSeq}`;
    const stops = p.stops.map(([o, c]) => `<stop offset="${num(o)}" stop-color="${attr(c)}"/>`).join("");
    if (p.kind === "linear") {
      const [x1, y1] = this.map(p.coords[0], p.coords[1]), [x2, y2] = this.map(p.coords[2], p.coords[3]);
      this.defs.push(`<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}">${stops}</linearGradient>`);
    } else {
      const [fx, fy] = this.map(p.coords[0], p.coords[1]), [cx, cy] = this.map(p.coords[3], p.coords[4]);
      const k = Math.sqrt(Math.abs(this.state.m[0] * this.state.m[3] - this.state.m[1] * this.state.m[2]));
      this.defs.push(`<radialGradient id="${id}" gradientUnits="userSpaceOnUse" fx="${num(fx)}" fy="${num(fy)}" fr="${num(p.coords[2] * k)}" cx="${num(cx)}" cy="${num(cy)}" r="${num(p.coords[5] * k)}">${stops}</radialGradient>`);
    }
    return `url(#${id})`;
  }

  private map(x: number, y: number): [number, number] {
    const [a, b, c, d, e, f] = this.state.m;
    return [a * x + c * y + e, b * x + d * y + f];
  }

  // ---- paths ---------------------------------------------------------------------------------------------
  beginPath() { this.path = ""; this.pen = null; this.written = null; }
  closePath() { if (this.path) this.path += "Z"; this.written = null; }
  moveTo(x: number, y: number) {
    const [px, py] = this.map(x, y);
    this.path += `M${num(px)} ${num(py)}`;
    this.pen = [x, y];
    this.written = [px, py];
  }
  lineTo(x: number, y: number) {
    if (!this.pen) return this.moveTo(x, y);
    const [px, py] = this.map(x, y);
    this.pen = [x, y];
    // (the skipped points stay within half a pixel of the written line: each is measured from the last written)
    if (this.text.forBrowser && this.written && Math.abs(px - this.written[0]) < 0.5 && Math.abs(py - this.written[1]) < 0.5) return;
    this.path += `L${num(px)} ${num(py)}`;
    this.written = [px, py];
  }
  quadraticCurveTo(cx: number, cy: number, x: number, y: number) {
    const [c1, c2] = this.map(cx, cy), [px, py] = this.map(x, y);
    this.path += `Q${num(c1)} ${num(c2)} ${num(px)} ${num(py)}`;
    this.written = [px, py];
    this.pen = [x, y];
  }
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number) {
    const [a1, a2] = this.map(c1x, c1y), [b1, b2] = this.map(c2x, c2y), [px, py] = this.map(x, y);
    this.path += `C${num(a1)} ${num(a2)} ${num(b1)} ${num(b2)} ${num(px)} ${num(py)}`;
    this.written = [px, py];
    this.pen = [x, y];
  }
  rect(x: number, y: number, w: number, h: number) {
    this.moveTo(x, y); this.lineTo(x + w, y); this.lineTo(x + w, y + h); this.lineTo(x, y + h); this.closePath();
    this.pen = [x, y];
  }
  roundRect(x: number, y: number, w: number, h: number) { this.rect(x, y, w, h); }
  arc(x: number, y: number, r: number, start: number, end: number, ccw = false) { this.ellipse(x, y, r, r, 0, start, end, ccw); }
  ellipse(x: number, y: number, rx: number, ry: number, rotation: number, start: number, end: number, ccw = false) {
    if (rx < 0 || ry < 0) return;
    let sweep = end - start;
    const TAU = Math.PI * 2;
    if (!ccw && sweep < 0) sweep = (sweep % TAU) + TAU;
    if (ccw && sweep > 0) sweep = (sweep % TAU) - TAU;
    if (Math.abs(end - start) >= TAU) sweep = ccw ? -TAU : TAU;
    const cos = Math.cos(rotation), sin = Math.sin(rotation);
    const at = (t: number): [number, number] => {
      const ex = rx * Math.cos(t), ey = ry * Math.sin(t);
      return [x + ex * cos - ey * sin, y + ex * sin + ey * cos];
    };
    const [sx, sy] = at(start);
    if (this.pen) this.lineTo(sx, sy); else this.moveTo(sx, sy);
    const [a, b, c, d] = this.state.m;
    const scale = Math.sqrt(Math.abs(a * d - b * c));
    const mirrored = a * d - b * c < 0;
    // SVG arcs cannot draw a full turn: at most half a turn per segment
    const pieces = Math.max(1, Math.ceil(Math.abs(sweep) / Math.PI - 1e-9));
    for (let i = 1; i <= pieces; i++) {
      const t = start + (sweep * i) / pieces;
      const [px, py] = this.map(...at(t));
      const deg = ((rotation + Math.atan2(b, a)) * 180) / Math.PI;
      this.path += `A${num(rx * scale)} ${num(ry * scale)} ${num(deg)} 0 ${(sweep > 0) !== mirrored ? 1 : 0} ${num(px)} ${num(py)}`;
      this.written = [px, py];
    }
    this.pen = at(start + sweep);
  }

  // ---- painting ------------------------------------------------------------------------------------------
  private common(): string {
    const s = this.state;
    return `${s.alpha < 1 ? ` opacity="${num(s.alpha)}"` : ""}${s.clip ? ` clip-path="url(#${s.clip})"` : ""}`;
  }

  private emit(key: string, d: string) {
    if (!d) return;
    if (this.pending?.key === key) this.pending.d += d;
    else { this.flush(); this.pending = { key, d }; }
  }

  private flush() {
    if (this.pending) this.out.push(`<path d="${this.pending.d}"${this.pending.key}/>`);
    this.pending = null;
  }

  fill() {
    if (!this.path) return;
    const fill = ` fill="${this.paintValue(this.state.fillStyle)}"`;
    const key = `${fill}${this.common()}`;
    this.emit(key, this.path);
    this.lastFill = { key, fill };
  }
  stroke() {
    const s = this.state;
    const dash = s.dash.length ? ` stroke-dasharray="${s.dash.map(num).join(" ")}"${s.dashOffset ? ` stroke-dashoffset="${num(s.dashOffset)}"` : ""}` : "";
    const width = s.lineWidth * Math.sqrt(Math.abs(s.m[0] * s.m[3] - s.m[1] * s.m[2]));
    if (!this.path) return;
    const paint = ` stroke="${this.paintValue(s.strokeStyle)}" stroke-width="${num(width)}"${s.lineCap !== "butt" ? ` stroke-linecap="${s.lineCap}"` : ""}${s.lineJoin !== "miter" ? ` stroke-linejoin="${s.lineJoin}"` : ""}${dash}`;
    // the shape just filled, stroked now: one element with both (SVG paints the fill, then the stroke, as the
    // canvas did), not the same outline twice (a map's countries, a treemap's cells)
    if (this.pending && this.lastFill && this.pending.key === this.lastFill.key && this.pending.d === this.path && this.lastFill.key.endsWith(this.common())) {
      this.pending.key = `${this.lastFill.fill}${paint}${this.common()}`;
      this.lastFill = null;
      return;
    }
    this.emit(` fill="none"${paint}${this.common()}`, this.path);
  }
  fillRect(x: number, y: number, w: number, h: number) { const saved = this.path; this.beginPath(); this.rect(x, y, w, h); this.fill(); this.path = saved; }
  strokeRect(x: number, y: number, w: number, h: number) { const saved = this.path; this.beginPath(); this.rect(x, y, w, h); this.stroke(); this.path = saved; }
  clearRect(x: number, y: number, w: number, h: number) {
    // Chart.js clears the whole canvas before it draws: start over then; a partial clear has no SVG meaning
    const [x0, y0] = this.map(x, y), [x1, y1] = this.map(x + w, y + h);
    if (x0 <= 0 && y0 <= 0 && x1 >= this.width && y1 >= this.height) { this.out = []; this.pending = null; }
  }
  clip() {
    if (!this.path) return;
    this.flush();
    const id = `${this.idPrefix}${++this.clipSeq}`;
    const outer = this.state.clip ? ` clip-path="url(#${this.state.clip})"` : "";
    this.defs.push(`<clipPath id="${id}"${outer}><path d="${this.path}"/></clipPath>`);
    this.state.clip = id;
  }
  /** Images (point styles drawn from pictures) are not drawn in reports. */
  drawImage() {}

  // ---- text ----------------------------------------------------------------------------------------------
  measureText(text: string) {
    const font = parseFont(this.state.font);
    const width = this.text.width(String(text), font);
    const { ascent, descent } = this.text.metrics(font);
    return { width, actualBoundingBoxAscent: ascent, actualBoundingBoxDescent: descent, actualBoundingBoxLeft: 0, actualBoundingBoxRight: width, fontBoundingBoxAscent: ascent, fontBoundingBoxDescent: descent };
  }
  fillText(text: string, x: number, y: number, maxWidth?: number) {
    const value = String(text);
    if (!value) return;
    const font = parseFont(this.state.font);
    let width = this.text.width(value, font);
    const squeeze = maxWidth !== undefined && maxWidth > 0 && width > maxWidth ? maxWidth / width : 1;
    width *= squeeze;
    const align = this.state.textAlign;
    const dx = align === "center" ? -width / 2 : align === "right" || align === "end" ? -width : 0;
    const { ascent, descent } = this.text.metrics(font);
    const base = this.state.textBaseline;
    const dy = base === "top" || base === "hanging" ? ascent : base === "middle" ? (ascent - descent) / 2 : base === "bottom" ? -descent : 0;
    if (this.text.forBrowser) return this.textElement(value, font, x, y + dy, width, squeeze < 1);
    const d = this.text.outline(value, font, (gx, gy) => this.map(x + dx + gx * squeeze, y + dy + gy));
    if (d) this.emit(` fill="${this.paintValue(this.state.fillStyle)}"${this.common()}`, d);
  }

  /** Text as a <text> element on its baseline at (x, y): the browser's own font lays it out, so the anchor is
   * the alignment (widths measured here, in the embedded font, would misplace centred or right-aligned labels). */
  private textElement(value: string, font: FontSpec, x: number, y: number, width: number, squeezed: boolean) {
    this.flush();
    const align = this.state.textAlign;
    const anchor = align === "center" ? "middle" : align === "right" || align === "end" ? "end" : "start";
    const [a, b, c, d, e, f] = this.state.m;
    // a plain translation is applied to the point; a rotation or scale (slanted tick labels) rides as a transform
    const plain = a === 1 && b === 0 && c === 0 && d === 1;
    const [px, py] = plain ? [x + e, y + f] : [x, y];
    const transform = plain ? "" : ` transform="matrix(${[a, b, c, d, e, f].map(num).join(" ")})"`;
    const fit = squeezed ? ` textLength="${num(width)}" lengthAdjust="spacingAndGlyphs"` : "";
    const element = `<text x="${num(px)}" y="${num(py)}" font-size="${num(font.sizePx)}"${font.bold ? ' font-weight="bold"' : ""}${anchor !== "start" ? ` text-anchor="${anchor}"` : ""}`
      + ` fill="${this.paintValue(this.state.fillStyle)}"${fit}${transform}`;
    // a clip applies in the user space of the element it is on: a transformed label is clipped by a group around it,
    // whose space is the canvas's, as the clip's path is
    const common = this.common();
    this.out.push(transform && common ? `<g${common}>${element}>${escapeText(value)}</text></g>` : `${element}${common}>${escapeText(value)}</text>`);
  }
  strokeText(text: string, x: number, y: number, maxWidth?: number) { this.fillText(text, x, y, maxWidth); }

  /** The drawing so far as an SVG document (or, `at` given, an <svg> placed there inside another), on a
   * background colour when one is given. */
  toSvg(background?: string, at?: { x: number; y: number }): string {
    this.flush();
    const bg = background ? `<rect width="100%" height="100%" fill="${attr(background)}"/>` : "";
    const defs = this.defs.length ? `<defs>${this.defs.join("")}</defs>` : "";
    const place = at ? `x="${num(at.x)}" y="${num(at.y)}"` : `xmlns="http://www.w3.org/2000/svg"`;
    return `<svg ${place} width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">${defs}${bg}${this.out.join("")}</svg>`;
  }
}
