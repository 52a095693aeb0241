// Shared by the hostile-input suites: how a refusal is judged (a clear message, no stack, no JS internals),
// a small concurrency limiter, and a readable summary of findings.

export interface Finding {
  route: string;
  input: string;
  status: number;
  body: string;
}

const JS_INTERNALS = /Cannot read propert|Cannot convert|is not a function|is not defined|is not iterable|Maximum call stack|\(reading '/;

/** A clear message: Superset's `{message}` (a text or field errors) or `{errors:[{message}]}`, no stack trace. */
export async function problemWith(res: Response): Promise<string | null> {
  return problemIn(await res.text());
}

export function problemIn(text: string): string | null {
  if (/\bat .+:\d+:\d+\)?$/m.test(text) || text.includes("node_modules")) return "leaks a stack trace";
  let body: { message?: unknown; msg?: unknown; errors?: { message?: unknown }[] };
  try {
    body = JSON.parse(text);
  } catch {
    return "is not JSON";
  }
  // token errors carry flask-jwt-extended's `msg` (Superset's clients read it there), everything else `message`
  const message = body.message ?? body.errors?.[0]?.message ?? body.msg;
  // A JavaScript runtime error passed through is not a message a user can act on.
  if (typeof message === "string" && JS_INTERNALS.test(message)) return `exposes a JavaScript error ("${message.slice(0, 90)}")`;
  if (typeof message === "string" && message.trim()) return null;
  if (message && typeof message === "object" && Object.keys(message).length) return null;
  return "has no message";
}

/** Runs the calls a few at a time (the Worker is shared with the machine's other test runs). */
export async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(Array.from({ length: limit }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
  }));
}

/** One line per (input, answer), naming every route that gave it: readable when a shared part misbehaves. */
export function describe(findings: Finding[]): string[] {
  const lines = new Map<string, string[]>();
  for (const f of findings) {
    const key = `${f.input} → ${f.status} ${f.body.slice(0, 160)}`;
    lines.set(key, [...(lines.get(key) ?? []), f.route]);
  }
  return [...lines].map(([key, routes]) => `${key} [${routes.join(", ")}]`);
}

