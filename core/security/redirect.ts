// Where a login may send the browser next: a path of this origin only. The check reads `next` the way a browser
// reads a URL (WHATWG): tabs and newlines are removed anywhere, leading and trailing control characters and
// spaces are trimmed, and a backslash counts as a slash, so "/\t/evil.example" and "/\\evil.example" are the
// other host they look like to the browser. Anything that resolves elsewhere, or is not a path, becomes "/".
//
// The answer is the *normalised* path, and it is checked again after normalisation: dot segments ("/./", "/x/../",
// "/%2e/") and backslashes can turn "/.//evil.example" into the path "//evil.example", which is still our origin
// here but which a browser reads as another host once it stands alone in a Location header.

const STRIPPED = /[\t\n\r]/g;
// C0 controls and space, as the URL parser trims them (a character class of control codes, hence the disable)
// eslint-disable-next-line no-control-regex
const EDGE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/** A path that, standing alone, a browser would read as another host ("//host", "/\\host"). */
const hostLike = (path: string) => path.startsWith("//") || path.startsWith("/\\");

function sameOriginPath(candidate: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return hostLike(path) ? null : path;
}

export function safeNextPath(next: unknown, origin: string): string {
  if (typeof next !== "string" || next.length > 2048) return "/";
  const cleaned = next.replace(STRIPPED, "").replace(EDGE, "");
  if (!cleaned.startsWith("/") || hostLike(cleaned)) return "/";
  const path = sameOriginPath(cleaned, origin);
  // The path must read the same when the browser parses it again from the Location header (a fixed point), so
  // no second normalisation can reach another host.
  if (path === null || sameOriginPath(path, origin) !== path) return "/";
  // the login page itself would loop back here
  return path.startsWith("/login") ? "/" : path;
}
