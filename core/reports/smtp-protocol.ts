// The pure half of the SMTP client (RFC 5321): reading multi-line replies, dot-stuffing the message, and the
// rule that decides what may be retried. The one invariant that keeps a report from arriving twice: a message
// is retried only while the server cannot have accepted it, i.e. before the DATA terminator "\r\n.\r\n" was sent
// or after the server answered it with a temporary (4xx) refusal.

export interface SmtpReply {
  code: number;
  lines: string[];
}

/** Takes complete replies off the front of a buffer: [replies, rest]. A reply ends on a "NNN " line. */
export function takeReplies(buffer: string): [SmtpReply[], string] {
  const replies: SmtpReply[] = [];
  let lines: string[] = [];
  let replyStart = 0; // where the reply being read began: an unfinished one stays in the buffer whole
  let pos = 0;
  for (;;) {
    const eol = buffer.indexOf("\r\n", pos);
    if (eol < 0) break;
    const line = buffer.slice(pos, eol);
    pos = eol + 2;
    const m = /^(\d{3})([ -])(.*)$/.exec(line);
    if (!m) throw new SmtpError(`The mail server answered something that is not SMTP: "${line.slice(0, 80)}"`, false, "before-data");
    lines.push(m[3]);
    if (m[2] === " ") {
      replies.push({ code: Number(m[1]), lines });
      lines = [];
      replyStart = pos;
    }
  }
  return [replies, buffer.slice(replyStart)];
}

/** Where a failure happened, for the retry rule. */
export type SmtpPhase = "before-data" | "after-terminator";

export class SmtpError extends Error {
  constructor(
    message: string,
    /** may the whole message be tried again (temporary failure, and the server cannot have accepted it)? */
    readonly retryable: boolean,
    readonly phase: SmtpPhase,
  ) {
    super(message);
  }
}

export function replyText(r: SmtpReply): string {
  return `${r.code} ${r.lines.join(" ").trim()}`;
}

/** An unexpected reply as an error: 4xx is temporary (retry), 5xx permanent. */
export function replyError(step: string, r: SmtpReply, phase: SmtpPhase): SmtpError {
  const temporary = r.code >= 400 && r.code < 500;
  return new SmtpError(`The mail server refused ${step}: ${replyText(r)}`, temporary, phase);
}

/** The message body for DATA: CRLF line ends, every line starting with "." doubled (RFC 5321 §4.5.2). */
export function dotStuff(message: string): string {
  const crlf = message.replace(/\r?\n/g, "\r\n");
  const body = crlf.replace(/^\./gm, "..");
  return body.endsWith("\r\n") ? body : `${body}\r\n`;
}

/** EHLO's capability lines, upper-cased keywords: ["STARTTLS", "AUTH PLAIN LOGIN", ...]. */
export function capabilities(ehlo: SmtpReply): string[] {
  return ehlo.lines.slice(1).map((l) => l.trim().toUpperCase());
}

export function authMechanisms(caps: string[]): string[] {
  const line = caps.find((c) => c.startsWith("AUTH ") || c.startsWith("AUTH="));
  return line ? line.slice(5).split(/\s+/).filter(Boolean) : [];
}

/** Backoff before retry n (1-based): base, 3×base, 9×base … capped. */
export function backoffMs(attempt: number, baseMs: number, capMs = 60_000): number {
  return Math.min(capMs, baseMs * 3 ** (attempt - 1));
}
