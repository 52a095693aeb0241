import { Lexer, type Token, type Tokens } from "marked";

// A dashboard markdown component's text for a report picture. The markdown is the user's, so it is never turned
// into markup here: marked's lexer splits it into blocks (headings, paragraphs, list items, code, quotes, rules,
// tables) and each block keeps only its plain text. Raw HTML in the markdown loses its tags (and the content of
// script and style elements), images become their alt text and links their words; the picture draws these
// strings as glyph outlines, so nothing in them can run or load anything.

export type MarkdownBlock =
  | { kind: "heading"; depth: number; text: string }
  | { kind: "paragraph"; text: string; indent: number; marker?: string; quote?: boolean }
  | { kind: "code"; text: string }
  | { kind: "rule" }
  | { kind: "table"; header: string[]; rows: string[][]; align: ("left" | "right")[] };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** HTML's text: tags and comments out, script/style contents out, entities decoded, runs of spaces kept single. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style|iframe|object|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, "")
    .replace(/<!--[\s\S]*?(-->|$)/g, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?[a-zA-Z][^>]*>?/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === "#") {
        const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : "";
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t]+/g, " ");
}

/** The words of inline tokens (emphasis, links, code spans...) as one string. Inline HTML is kept as written
 * until the whole run is joined, then stripped at once: `<script>` and `</script>` arrive as separate tokens, and
 * what lies between them must go too. */
function inlineText(tokens: Token[] | undefined, fallback: string): string {
  return htmlText(tokens ? inlineSource(tokens) : fallback);
}

function inlineSource(tokens: Token[]): string {
  return tokens.map((t) => {
    switch (t.type) {
      case "br": return "<br>";
      case "image": return (t as Tokens.Image).text ? `[${(t as Tokens.Image).text}]` : "";
      case "html": return (t as Tokens.HTML).text;
      default: {
        const children = (t as { tokens?: Token[] }).tokens;
        return children ? inlineSource(children) : ((t as { text?: string }).text ?? t.raw);
      }
    }
  }).join("");
}

function blocksOf(tokens: Token[], indent: number, quote: boolean, out: MarkdownBlock[]): void {
  for (const t of tokens) {
    switch (t.type) {
      case "heading":
        out.push({ kind: "heading", depth: (t as Tokens.Heading).depth, text: inlineText((t as Tokens.Heading).tokens, t.raw) });
        break;
      case "paragraph":
      case "text": {
        const text = inlineText((t as Tokens.Paragraph).tokens, (t as Tokens.Paragraph).text).replace(/[ \t]+/g, " ").trim();
        if (text) out.push({ kind: "paragraph", text, indent, quote: quote || undefined });
        break;
      }
      case "html": {
        const text = htmlText((t as Tokens.HTML).text).trim();
        if (text) out.push({ kind: "paragraph", text, indent, quote: quote || undefined });
        break;
      }
      case "code":
        out.push({ kind: "code", text: (t as Tokens.Code).text });
        break;
      case "hr":
        out.push({ kind: "rule" });
        break;
      case "blockquote":
        blocksOf((t as Tokens.Blockquote).tokens, indent + 1, true, out);
        break;
      case "list": {
        const list = t as Tokens.List;
        const first = typeof list.start === "number" ? list.start : 1;
        list.items.forEach((item, i) => {
          const at = out.length;
          blocksOf(item.tokens, indent + 1, quote, out);
          // the item's first paragraph carries its bullet or number
          const lead = out[at];
          if (lead?.kind === "paragraph") lead.marker = list.ordered ? `${first + i}.` : item.task ? (item.checked ? "☑" : "☐") : "•";
          else out.splice(at, 0, { kind: "paragraph", text: "", indent: indent + 1, marker: list.ordered ? `${first + i}.` : "•" });
        });
        break;
      }
      case "table": {
        const table = t as Tokens.Table;
        out.push({
          kind: "table",
          header: table.header.map((c) => inlineText(c.tokens, c.text)),
          rows: table.rows.map((r) => r.map((c) => inlineText(c.tokens, c.text))),
          align: table.align.map((a) => (a === "right" ? "right" : "left")),
        });
        break;
      }
      default:
        break; // space, link definitions: nothing to draw
    }
  }
}

export function markdownBlocks(code: string): MarkdownBlock[] {
  const out: MarkdownBlock[] = [];
  blocksOf(new Lexer({ gfm: true }).lex(code ?? ""), 0, false, out);
  return out;
}
