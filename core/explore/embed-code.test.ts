import { expect, test } from "vitest";
import { embedCode } from "./embed-code";

test("the embed code is Superset's iframe of the permalink, standalone at the chosen size", () => {
  expect(embedCode("http://localhost:8787/explore/p/abc123XYZ/", 600, 400)).toBe(
    '<iframe\n  width="600"\n  height="400"\n  seamless\n  frameBorder="0"\n  scrolling="no"\n  src="http://localhost:8787/explore/p/abc123XYZ/?standalone=1&height=400"\n>\n</iframe>',
  );
  expect(embedCode('http://x/p/k/?a=1"', 10, 20)).toContain('src="http://x/p/k/?a=1&quot;&standalone=1&height=20"');
});
