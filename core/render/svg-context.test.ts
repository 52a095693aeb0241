import { expect, test } from "vitest";
import { parseFont, SvgContext, type TextEngine } from "./svg-context";

// a text engine of fixed-width glyphs: every character is a 0.5em box
const boxes: TextEngine = {
  width: (t, f) => t.length * f.sizePx * 0.5,
  metrics: (f) => ({ ascent: f.sizePx * 0.8, descent: f.sizePx * 0.2 }),
  outline: (t, f, map) => [...t].map((_, i) => { const [x, y] = map(i * f.sizePx * 0.5, 0); return `M${x} ${y}`; }).join(""),
};

test("paths are written in canvas coordinates after the transform; consecutive same-paint strokes join", () => {
  const ctx = new SvgContext(100, 50, boxes);
  ctx.translate(10, 5);
  ctx.strokeStyle = "red";
  for (const y of [0, 10]) { ctx.beginPath(); ctx.moveTo(0, y); ctx.lineTo(20, y); ctx.stroke(); }
  ctx.fillStyle = "blue";
  ctx.fillRect(0, 0, 5, 5);
  expect(ctx.toSvg()).toBe(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
    + '<path d="M10 5L30 5M10 15L30 15" fill="none" stroke="red" stroke-width="1"/>'
    + '<path d="M10 5L15 5L15 10L10 10Z" fill="blue"/></svg>',
  );
});

test("save/restore, alpha, dashes and clips become attributes; a full clear starts over", () => {
  const ctx = new SvgContext(100, 50, boxes);
  ctx.fillRect(0, 0, 1, 1);
  ctx.clearRect(0, 0, 100, 50);
  ctx.save();
  ctx.beginPath(); ctx.rect(0, 0, 50, 50); ctx.clip();
  ctx.globalAlpha = 0.5;
  ctx.setLineDash([4, 2]);
  ctx.beginPath(); ctx.moveTo(0, 0); ctx.lineTo(10, 10); ctx.stroke();
  ctx.restore();
  ctx.beginPath(); ctx.moveTo(0, 0); ctx.lineTo(10, 10); ctx.stroke();
  const svg = ctx.toSvg("#fff");
  expect(svg).toContain('<defs><clipPath id="c1"><path d="M0 0L50 0L50 50L0 50Z"/></clipPath></defs><rect width="100%" height="100%" fill="#fff"/>');
  expect(svg).toContain('stroke-dasharray="4 2" opacity="0.5" clip-path="url(#c1)"/>');
  expect(svg.endsWith('<path d="M0 0L10 10" fill="none" stroke="#000000" stroke-width="1"/></svg>')).toBe(true);
  expect(svg).not.toContain("L1 0L1 1"); // the rectangle drawn before the clear is gone
});

test("a full circle is two half arcs; text is aligned from the font's measures and drawn as outlines", () => {
  const ctx = new SvgContext(100, 50, boxes);
  ctx.beginPath(); ctx.arc(50, 25, 10, 0, Math.PI * 2); ctx.fill();
  expect(ctx.toSvg()).toContain('d="M60 25A10 10 0 0 1 40 25A10 10 0 0 1 60 25"');
  const t = new SvgContext(100, 50, boxes);
  t.font = "bold 10px Inter";
  t.textAlign = "center";
  t.textBaseline = "top";
  expect(t.measureText("abcd").width).toBe(20);
  t.fillText("ab", 50, 0);
  // centred: starts 5 px left of x; top baseline: moved down by the ascent (8 px)
  expect(t.toSvg()).toContain('<path d="M45 8M50 8" fill="#000000"/>');
  expect(parseFont("italic 600 13.5px Inter")).toEqual({ sizePx: 13.5, bold: true });
});

test("a gradient paints through an SVG gradient whose points are in canvas coordinates at the time of painting", () => {
  const ctx = new SvgContext(100, 50, boxes);
  const g = ctx.createLinearGradient(0, 0, 10, 0);
  g.addColorStop(0, "red");
  g.addColorStop(1, "blue");
  ctx.translate(5, 5);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 10, 10);
  const svg = ctx.toSvg();
  expect(svg).toContain('<linearGradient id="cg1" gradientUnits="userSpaceOnUse" x1="5" y1="5" x2="15" y2="5"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>');
  expect(svg).toContain('<path d="M5 5L15 5L15 15L5 15Z" fill="url(#cg1)"/>');
  // a pattern (not drawn) still paints its shape, in grey
  ctx.fillStyle = ctx.createPattern();
  ctx.fillRect(0, 0, 1, 1);
  expect(ctx.toSvg()).toContain('fill="#999999"');
});

test("text as elements (a drawing for the browser): <text> on its baseline, the alignment as the anchor, markup kept as text", () => {
  const t = new SvgContext(100, 50, { ...boxes, forBrowser: true });
  t.font = "bold 10px Inter";
  t.textAlign = "right";
  t.textBaseline = "top";
  t.fillStyle = "#333";
  t.translate(2, 3);
  t.fillText('</text><script>alert("x")</script>', 50, 0);
  // a translation moves the point; the top baseline is the ascent (8 px) below
  expect(t.toSvg()).toContain('<text x="52" y="11" font-size="10" font-weight="bold" text-anchor="end" fill="#333">&lt;/text&gt;&lt;script&gt;alert("x")&lt;/script&gt;</text>');
  expect(t.toSvg()).not.toContain("<script");
});

test("a rotated label rides as a transform, and a clip around it stays in canvas coordinates (a group)", () => {
  const t = new SvgContext(100, 50, { ...boxes, forBrowser: true });
  t.beginPath(); t.rect(0, 0, 60, 50); t.clip();
  t.translate(20, 40);
  t.rotate(-Math.PI / 2);
  t.textAlign = "center";
  t.fillText("Flights", 0, 0);
  const svg = t.toSvg();
  expect(svg).toContain('<g clip-path="url(#c1)"><text x="0" y="0" font-size="10" text-anchor="middle" fill="#000000" transform="matrix(0 -1 1 0 20 40)">Flights</text></g>');
  // the report's outlines are untouched: no <text> without forBrowser
  const outlined = new SvgContext(100, 50, boxes);
  outlined.fillText("Flights", 0, 10);
  expect(outlined.toSvg()).not.toContain("<text");
});

test("for a browser, a segment under half a pixel merges into the next; each point kept within half a pixel of the line", () => {
  const draw = (forBrowser: boolean) => {
    const ctx = new SvgContext(100, 50, { ...boxes, forBrowser });
    ctx.beginPath(); ctx.moveTo(0, 0);
    for (let i = 1; i <= 10; i++) ctx.lineTo(i * 0.2, 0); // ten steps of 0.2 px
    ctx.lineTo(10, 10);
    ctx.stroke();
    return ctx.toSvg();
  };
  expect(draw(true)).toContain('d="M0 0L0.6 0L1.2 0L1.8 0L10 10"');
  expect(draw(false)).toContain('d="M0 0L0.2 0L0.4 0L0.6 0L0.8 0L1 0L1.2 0L1.4 0L1.6 0L1.8 0L2 0L10 10"');
});

test("a shape filled and then stroked is one element with both paints; a stroke of another shape is its own", () => {
  const ctx = new SvgContext(100, 50, boxes);
  ctx.fillStyle = "red";
  ctx.strokeStyle = "white";
  ctx.beginPath(); ctx.rect(0, 0, 10, 10); ctx.fill(); ctx.stroke();
  ctx.beginPath(); ctx.rect(20, 0, 10, 10); ctx.fill();
  ctx.beginPath(); ctx.rect(40, 0, 10, 10); ctx.stroke();
  expect(ctx.toSvg()).toBe(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
    + '<path d="M0 0L10 0L10 10L0 10Z" fill="red" stroke="white" stroke-width="1"/>'
    + '<path d="M20 0L30 0L30 10L20 10Z" fill="red"/>'
    + '<path d="M40 0L50 0L50 10L40 10Z" fill="none" stroke="white" stroke-width="1"/></svg>',
  );
});
