import { expect, test } from "vitest";
import { htmlText, markdownBlocks } from "./markdown-blocks";

test("markdown becomes blocks of plain text: headings, paragraphs, lists with markers, code, rules, quotes, tables", () => {
  const blocks = markdownBlocks([
    "# Sales *overview*", "", "Figures for **Q1**, see [the wiki](https://x.test).", "",
    "- one", "- two", "  1. nested", "", "3. third", "", "```", "SELECT 1", "```", "", "---", "", "> quoted", "",
    "| a | b |", "|---|--:|", "| x | 2 |",
  ].join("\n"));
  expect(blocks).toEqual([
    { kind: "heading", depth: 1, text: "Sales overview" },
    { kind: "paragraph", text: "Figures for Q1, see the wiki.", indent: 0 },
    { kind: "paragraph", text: "one", indent: 1, marker: "•" },
    { kind: "paragraph", text: "two", indent: 1, marker: "•" },
    { kind: "paragraph", text: "nested", indent: 2, marker: "1." },
    { kind: "paragraph", text: "third", indent: 1, marker: "3." },
    { kind: "code", text: "SELECT 1" },
    { kind: "rule" },
    { kind: "paragraph", text: "quoted", indent: 1, quote: true },
    { kind: "table", header: ["a", "b"], rows: [["x", "2"]], align: ["left", "right"] },
  ]);
});

test("the user's HTML loses its tags, scripts and styles; images are their alt text; entities read as characters", () => {
  const blocks = markdownBlocks('<div onclick="steal()">Hello <b>there</b><script>alert(1)</script><style>p{}</style></div>\n\nText ![logo](https://evil.test/x.png) &amp; <img src=x onerror=boom()> more &#60;3');
  expect(blocks).toEqual([
    { kind: "paragraph", text: "Hello there", indent: 0 },
    { kind: "paragraph", text: "Text [logo] & more <3", indent: 0 },
  ]);
  expect(htmlText("<scr<script>ipt>x</script>y")).not.toMatch(/<script/);
  expect(htmlText("a<!-- hidden -->b<br>c")).toBe("ab\nc");
});
