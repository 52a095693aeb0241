import iconv from "iconv-lite";
import { expect, test } from "vitest";
import shim from "./iconv-lite.cjs";

const SAMPLES = ["", "plain ascii", "café crème", "Ωμέγα", "日本語のテキスト", "emoji 😀 and 𝄞 clef", "\u0000\u007f\u0080\u07ff\u0800\uffff"];

test.each(SAMPLES)("cesu8 round trip of %j matches iconv-lite", (text) => {
  const ours = shim.encode(text, "cesu8") as Buffer;
  expect(Buffer.compare(ours, iconv.encode(text, "cesu8"))).toBe(0);
  expect(shim.decode(ours, "cesu8")).toBe(iconv.decode(ours, "cesu8"));
  expect(shim.decode(ours, "cesu8")).toBe(text);
});

test("other encodings fail with a clear message", () => {
  expect(() => shim.getDecoder("shift_jis")).toThrow('The MySQL character set "shift_jis" is not supported');
});
