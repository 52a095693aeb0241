// Engine and driver messages go back to the browser, but never with the connection's host, user
// or password in them: drivers like to say `password authentication failed for user "x"` or
// `connect ECONNREFUSED 10.0.0.5:5432`.

const REPLACEMENT = "***";

const PATTERNS: [RegExp, string][] = [
  // URIs with credentials: scheme://user:pass@host:port/db
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"]*@[^\s'"]*/gi, REPLACEMENT],
  // user "name" / user 'name' / for user name
  [/\b(user|role|username)\s+(["'`])[^"'`]*\2/gi, `$1 $2${REPLACEMENT}$2`],
  // MySQL: 'root'@'localhost'
  [/(['`])[^'`\s]*\1@(['`])[^'`\s]*\2/g, `'${REPLACEMENT}'@'${REPLACEMENT}'`],
  // host "name" / host 'name' / hostname "name"
  [/\b(host|hostname|server)\s+(["'`])[^"'`]*\2/gi, `$1 $2${REPLACEMENT}$2`],
  // password=... / password: ...
  [/\b(password|passwd|pwd)\s*[=:]\s*\S+/gi, `$1=${REPLACEMENT}`],
  // IPv4 addresses with an optional port, IPv6 in brackets
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, REPLACEMENT],
  [/\[[0-9a-f:]+\](?::\d+)?/gi, REPLACEMENT],
];

/**
 * Removes connection details from a message. `secrets` are the database's own host, username and
 * password, removed wherever they appear (longest first, so a password containing the user name goes whole).
 */
export function scrubEngineMessage(message: string, secrets: (string | null | undefined)[] = []): string {
  let text = message;
  const known = secrets.filter((s): s is string => typeof s === "string" && s.length >= 3).sort((a, b) => b.length - a.length);
  for (const secret of known) text = text.split(secret).join(REPLACEMENT);
  for (const [pattern, replacement] of PATTERNS) text = text.replace(pattern, replacement);
  return text;
}

/** The host, user and password found in a connection URI, for scrubEngineMessage. */
export function secretsOfUri(uri: string | null | undefined, password?: string | null): string[] {
  const out: string[] = [];
  if (password) out.push(password);
  if (!uri) return out;
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^:/?#]*)/i.exec(uri);
  if (m) {
    const [, user, pass, host] = m;
    for (const part of [user, pass, host]) if (part && part !== "XXXXXXXXXX") out.push(decodeURIComponentSafe(part));
  }
  return out;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
