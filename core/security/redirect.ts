// Where a login may send the browser next: a path of this origin only. The check reads `next` the way a browser
// reads a URL (WHATWG): tabs and newlines are removed anywhere, leading and trailing control characters and
// spaces are trimmed, and a backslash counts as a slash, so "/\t/evil.example" and "/\\evil.example" are the
// other host they look like to the browser. Anything that resolves elsewhere, or is not a path, becomes "/".

const STRIPPED = /[\t\n\r]/g;
// C0 controls and space, as the URL parser trims them (a character class of control codes, hence the disable)
// eslint-disable-next-line no-control-regex
const EDGE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

export function safeNextPath(next: unknown, origin: string): string {
  if (typeof next !== "string" || next.length > 2048) return "/";
  const cleaned = next.replace(STRIPPED, "").replace(EDGE, "");
  if (!cleaned.startsWith("/") || cleaned.startsWith("//") || cleaned.startsWith("/\\")) return "/";
  let url: URL;
  try {
    url = new URL(cleaned, origin);
  } catch {
    return "/";
  }
  if (url.origin !== origin) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // the login page itself would loop back here
  return path.startsWith("/login") ? "/" : path;
}
