import { connect } from "cloudflare:sockets";
import type { SmtpConfig } from "../../core/reports/smtp-config";
import { authMechanisms, capabilities, dotStuff, replyError, SmtpError, takeReplies, type SmtpPhase, type SmtpReply } from "../../core/reports/smtp-protocol";

// A small SMTP client over `cloudflare:sockets` (plain, STARTTLS, or TLS from the start), sending one prepared
// MIME message per transaction. Written here rather than taken from a library because exactly-once delivery
// needs to know the one moment the server may have accepted the message: `beforeCommit` runs just before the
// DATA terminator is written, so the caller can record that the message is no longer safe to resend.

export interface Envelope {
  from: string;
  recipients: string[];
  /** the MIME message, headers and body */
  data: string;
}

export interface SendHooks {
  /** called (and awaited) right before the terminator: after it a failure is never retried */
  beforeCommit: () => Promise<void> | void;
}

export interface SendResult {
  accepted: string[];
  rejected: string[];
  reply: string;
}

class Session {
  private buffer = "";
  private replies: SmtpReply[] = [];
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private writer: WritableStreamDefaultWriter<Uint8Array>;
  private decoder = new TextDecoder();
  private encoder = new TextEncoder();
  phase: SmtpPhase = "before-data";

  constructor(private socket: Socket, private readonly timeoutMs: number) {
    this.reader = socket.readable.getReader();
    this.writer = socket.writable.getWriter();
  }

  async reply(step: string): Promise<SmtpReply> {
    const deadline = Date.now() + this.timeoutMs;
    while (!this.replies.length) {
      const left = deadline - Date.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new SmtpError(`The mail server did not answer ${step} within ${this.timeoutMs / 1000} s.`, this.phase === "before-data", this.phase)), Math.max(0, left));
      });
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await Promise.race([this.reader.read(), timeout]);
      } catch (e) {
        if (e instanceof SmtpError) throw e;
        throw this.closed(step, e);
      } finally {
        clearTimeout(timer);
      }
      if (chunk.done) throw this.closed(step);
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
      const [replies, rest] = takeReplies(this.buffer);
      this.replies.push(...replies);
      this.buffer = rest;
    }
    return this.replies.shift()!;
  }

  private closed(step: string, cause?: unknown): SmtpError {
    const why = cause instanceof Error ? `: ${cause.message}` : "";
    const after = this.phase === "after-terminator";
    // before the terminator nothing was accepted (retry); after it, the message may have been delivered
    return new SmtpError(
      after
        ? `The mail server closed the connection after the message was sent, before confirming it${why}; it is not sent again, in case it was delivered.`
        : `The mail server closed the connection while ${step}${why}.`,
      !after,
      this.phase,
    );
  }

  async write(text: string): Promise<void> {
    try {
      await this.writer.write(this.encoder.encode(text));
    } catch (e) {
      throw this.closed("the client was writing", e);
    }
  }

  async command(line: string, step: string, ok: (code: number) => boolean): Promise<SmtpReply> {
    await this.write(`${line}\r\n`);
    const r = await this.reply(step);
    if (!ok(r.code)) throw replyError(step, r, this.phase);
    return r;
  }

  /** STARTTLS: the same connection, upgraded; reading starts over on the new streams. */
  upgrade(): void {
    this.reader.releaseLock();
    this.writer.releaseLock();
    this.socket = this.socket.startTls();
    this.reader = this.socket.readable.getReader();
    this.writer = this.socket.writable.getWriter();
    this.buffer = "";
    this.replies = [];
  }

  async close(): Promise<void> {
    try {
      await this.socket.close();
    } catch {
      // already closed by the server
    }
  }
}

const is2xx = (code: number) => code >= 200 && code < 300;

function heloName(from: string): string {
  const domain = from.split("@")[1]?.replace(/[^A-Za-z0-9.-]/g, "");
  return domain || "localhost";
}

export async function sendMail(config: SmtpConfig, envelope: Envelope, hooks: SendHooks): Promise<SendResult> {
  let session: Session;
  try {
    const socket = connect({ hostname: config.host, port: config.port }, { secureTransport: config.ssl ? "on" : config.starttls ? "starttls" : "off", allowHalfOpen: false });
    session = new Session(socket, config.replyTimeoutMs);
  } catch (e) {
    throw new SmtpError(`Could not connect to the mail server ${config.host}:${config.port}: ${(e as Error).message}`, true, "before-data");
  }
  try {
    const greeting = await session.reply("the connection");
    if (greeting.code !== 220) throw replyError("the connection", greeting, "before-data");
    const name = heloName(config.from);
    let ehlo = await session.command(`EHLO ${name}`, "EHLO", is2xx);
    if (config.starttls) {
      if (!capabilities(ehlo).includes("STARTTLS")) throw new SmtpError("SMTP_STARTTLS is on but the mail server does not offer STARTTLS.", false, "before-data");
      await session.command("STARTTLS", "STARTTLS", (c) => c === 220);
      session.upgrade();
      ehlo = await session.command(`EHLO ${name}`, "EHLO", is2xx);
    }
    if (config.user && config.password !== null) await authenticate(session, capabilities(ehlo), config.user, config.password);
    await session.command(`MAIL FROM:<${envelope.from}>`, "the sender", is2xx);
    const accepted: string[] = [];
    const rejected: string[] = [];
    let lastRefusal: SmtpReply | null = null;
    for (const rcpt of envelope.recipients) {
      await session.write(`RCPT TO:<${rcpt}>\r\n`);
      const r = await session.reply(`the recipient ${rcpt}`);
      if (is2xx(r.code)) accepted.push(rcpt);
      else {
        rejected.push(rcpt);
        lastRefusal = r;
      }
    }
    if (!accepted.length) throw replyError("every recipient", lastRefusal!, "before-data");
    await session.command("DATA", "DATA", (c) => c === 354);
    await session.write(dotStuff(envelope.data));
    await hooks.beforeCommit();
    session.phase = "after-terminator";
    await session.write(".\r\n");
    const done = await session.reply("the message");
    if (!is2xx(done.code)) throw replyError("the message", done, "after-terminator");
    await session.write("QUIT\r\n").catch(() => {});
    return { accepted, rejected, reply: `${done.code} ${done.lines.join(" ")}` };
  } catch (e) {
    if (e instanceof SmtpError) throw e;
    throw new SmtpError(`Sending the email failed: ${(e as Error).message}`, session.phase === "before-data", session.phase);
  } finally {
    await session.close();
  }
}

async function authenticate(session: Session, caps: string[], user: string, password: string): Promise<void> {
  const mechanisms = authMechanisms(caps);
  const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
  if (mechanisms.includes("PLAIN") || !mechanisms.includes("LOGIN")) {
    await session.command(`AUTH PLAIN ${b64(`\u0000${user}\u0000${password}`)}`, "the login (SMTP_USER/SMTP_PASSWORD)", (c) => c === 235);
    return;
  }
  await session.command("AUTH LOGIN", "AUTH LOGIN", (c) => c === 334);
  await session.command(b64(user), "the user name (SMTP_USER)", (c) => c === 334);
  await session.command(b64(password), "the login (SMTP_USER/SMTP_PASSWORD)", (c) => c === 235);
}
