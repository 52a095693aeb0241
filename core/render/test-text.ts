import { readFileSync } from "node:fs";
import { fontTextEngine } from "./font-text";
import type { TextEngine } from "./svg-context";

// Text engines for the render tests: the real embedded Inter (what the render Worker uses), wrapped so a test
// can read back which strings were drawn (the SVG itself holds only glyph outlines, never text).

const font = (name: string) => {
  const b = readFileSync(`node_modules/@expo-google-fonts/inter/${name}`);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

export const inter = (): TextEngine => fontTextEngine(font("400Regular/Inter_400Regular.ttf"), font("700Bold/Inter_700Bold.ttf"));

/** Inter, recording every string outlined with its size and weight, in drawing order. */
export function recordingText(): TextEngine & { drawn: { text: string; sizePx: number; bold: boolean }[] } {
  const real = inter();
  const drawn: { text: string; sizePx: number; bold: boolean }[] = [];
  return {
    drawn,
    width: real.width,
    metrics: real.metrics,
    outline(text, spec, map) {
      drawn.push({ text, sizePx: spec.sizePx, bold: spec.bold });
      return real.outline(text, spec, map);
    },
  };
}
