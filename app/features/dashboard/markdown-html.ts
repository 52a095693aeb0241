import DOMPurify from "dompurify";
import { marked } from "marked";

// A markdown component's HTML, sanitised (Superset's SafeMarkdown). Its own module so marked and DOMPurify load
// only on a dashboard that has markdown, after the page's first load (P3's budget).

export function safeMarkdownHtml(code: string): string {
  const raw = marked.parse(code || "", { async: false });
  return DOMPurify.sanitize(raw, { USE_PROFILES: { html: true } });
}
