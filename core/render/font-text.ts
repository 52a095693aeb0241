import * as opentypeModule from "opentype.js";
import type { Font } from "opentype.js";
import type { FontSpec, TextEngine } from "./svg-context";

// opentype.js's ES build has named exports, its UMD build (what Node loads) only a default: both shapes are read
const { parse } = (opentypeModule as unknown as { default?: typeof opentypeModule }).default ?? opentypeModule;

// Text for server-drawn charts from one embedded font file (opentype.js reads it): advance widths for Chart.js's
// measureText, and glyph outlines written into the SVG as paths, so the rasteriser needs no font of its own and
// lays out no text (it has no system fonts in a Worker, and shaping text was a large part of its time). Each
// glyph's outline is read once per font and reused, scaled, for every label. Kerning is left out: the labels are
// short and the difference is under a pixel.

interface Glyph {
  advance: number;
  /** outline commands in font units, y down, pen at the origin */
  commands: { type: string; x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number }[];
}

const r = (v: number) => (Math.round(v * 10) / 10).toString();

export function fontTextEngine(regular: ArrayBuffer, bold?: ArrayBuffer): TextEngine {
  const fonts: Font[] = [parse(regular), ...(bold ? [parse(bold)] : [])];
  const caches = fonts.map(() => new Map<string, Glyph>());
  const pick = (spec: FontSpec) => (spec.bold && fonts.length > 1 ? 1 : 0);

  function glyph(which: number, ch: string): Glyph {
    const cache = caches[which];
    let g = cache.get(ch);
    if (!g) {
      const font = fonts[which];
      const source = font.charToGlyph(ch);
      const path = source.getPath(0, 0, font.unitsPerEm);
      g = { advance: source.advanceWidth ?? font.unitsPerEm / 2, commands: path.commands as Glyph["commands"] };
      cache.set(ch, g);
    }
    return g;
  }

  return {
    width(text, spec) {
      const which = pick(spec);
      let units = 0;
      for (const ch of text) units += glyph(which, ch).advance;
      return (units * spec.sizePx) / fonts[which].unitsPerEm;
    },
    metrics(spec) {
      const font = fonts[pick(spec)];
      const k = spec.sizePx / font.unitsPerEm;
      return { ascent: font.ascender * k, descent: -font.descender * k };
    },
    outline(text, spec, map) {
      const which = pick(spec);
      const k = spec.sizePx / fonts[which].unitsPerEm;
      let pen = 0;
      let d = "";
      const at = (x: number, y: number) => { const [px, py] = map(pen + x * k, y * k); return `${r(px)} ${r(py)}`; };
      for (const ch of text) {
        const g = glyph(which, ch);
        for (const c of g.commands) {
          if (c.type === "M") d += `M${at(c.x!, c.y!)}`;
          else if (c.type === "L") d += `L${at(c.x!, c.y!)}`;
          else if (c.type === "Q") d += `Q${at(c.x1!, c.y1!)} ${at(c.x!, c.y!)}`;
          else if (c.type === "C") d += `C${at(c.x1!, c.y1!)} ${at(c.x2!, c.y2!)} ${at(c.x!, c.y!)}`;
          else if (c.type === "Z") d += "Z";
        }
        pen += g.advance * k;
      }
      return d;
    },
  };
}
