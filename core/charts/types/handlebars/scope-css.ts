// A handlebars chart's CSS, kept to the chart: wrapped in `@scope (<the chart's box>)` so its selectors match only
// inside it. CSS that could leave the wrapper (a `}` closing it early) or the <style> element (`<`) is refused.

/** The CSS as a scoped style sheet, or null when it is not safe to scope. */
export function scopeCss(css: string, scope: string): string | null {
  if (css.includes("<")) return null;
  let depth = 0;
  // braces inside strings and comments are counted too: a sheet that balances only thanks to them is refused
  for (const ch of css) {
    if (ch === "{") depth++;
    else if (ch === "}" && --depth < 0) return null;
  }
  if (depth !== 0) return null;
  return `@scope (${scope}) {\n${css}\n}`;
}
