import { expect, test } from "vitest";
import { drawBlock } from "./draw-blocks";
import { recordingText } from "./test-text";

test("a header is one bold line at the dashboard's size; a divider is a rule across its box", () => {
  const text = recordingText();
  const header = drawBlock({ kind: "header", text: "Sales overview", size: "SMALL_HEADER", x: 16, y: 16, width: 600, height: 50 }, text, "h");
  expect(text.drawn).toEqual([{ text: "Sales overview", sizePx: 18, bold: true }]);
  expect(header).toMatch(/^<svg x="16" y="16" width="600" height="50"/);
  const divider = drawBlock({ kind: "divider", x: 0, y: 100, width: 400, height: 16 }, text, "d");
  expect(divider).toContain('<path d="M0 8.5L400 8.5" fill="none" stroke="#dee2e6"');
});

test("markdown is drawn as text: headings larger, paragraphs wrapped, bullets, tables as grids; what overflows is left out", () => {
  const text = recordingText();
  const code = ["## Notes <script>x()</script>", "", "A paragraph long enough to wrap onto a second line in a narrow box.", "", "- first", "- second", "", "| k | v |", "|---|---|", "| a | 1 |"].join("\n");
  const svg = drawBlock({ kind: "markdown", code, x: 0, y: 0, width: 260, height: 400 }, text, "m");
  const drawn = text.drawn.map((d) => d.text);
  expect(text.drawn[0]).toEqual({ text: "Notes", sizePx: 24, bold: true });
  expect(drawn.slice(1, 3).join(" ")).toBe("A paragraph long enough to wrap onto a second line in a narrow box.");
  expect(drawn.slice(3)).toEqual(["•", "first", "•", "second", "k", "v", "a", "1"]);
  expect(drawn.join(" ")).not.toContain("x()");
  // the table is a grid of its own placed inside the box
  expect(svg.match(/<svg /g)).toHaveLength(2);
  const short = recordingText();
  drawBlock({ kind: "markdown", code, x: 0, y: 0, width: 260, height: 60 }, short, "s");
  expect(short.drawn.map((d) => d.text)).toEqual(["Notes"]);
});
