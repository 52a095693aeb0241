// A dashboard's own CSS (and CSS templates) is written by its editors and read by every viewer, so before it
// reaches the page it is made harmless: no `<` survives (it becomes the CSS escape `\3c `, so the text can never
// close its <style> element), no rule loads other resources (@import) or runs script (expression(),
// javascript: URLs, -moz-binding, behavior), braces are balanced, and everything is wrapped in
// `@scope (<root>)` so the rules reach only the dashboard, never the navigation or the rest of the app.

const DROP_AT_RULES = /@(?:import|charset|namespace)\b[^;{}]*;?/gi;
const DANGEROUS = /expression\s*\(|javascript\s*:|vbscript\s*:|-moz-binding|(?<![\w-])behavior\s*:/gi;

/** Balances braces outside strings: a stray `}` is dropped, missing ones are added at the end. */
function balanceBraces(css: string): string {
  let out = "";
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (quote) {
      out += ch;
      if (ch === "\\" && i + 1 < css.length) out += css[++i];
      else if (ch === quote || ch === "\n") quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "{") depth++;
    else if (ch === "}") {
      if (depth === 0) continue;
      depth--;
    }
    out += ch;
  }
  if (quote) out += quote;
  return out + "}".repeat(depth);
}

export function sanitizeCss(css: string): string {
  return balanceBraces(
    css
      .replace(/\/\*[\s\S]*?(\*\/|$)/g, "")
      .replace(/</g, "\\3c ")
      .replace(DROP_AT_RULES, "")
      .replace(DANGEROUS, "invalid:"),
  ).trim();
}

/** The CSS to put in the page: sanitised and limited to the element matching `root`. Empty in, empty out. */
export function scopedDashboardCss(css: string | null | undefined, root = "[data-dashboard-root]"): string {
  const clean = sanitizeCss(css ?? "");
  return clean ? `@scope (${root}) {\n${clean}\n}` : "";
}
