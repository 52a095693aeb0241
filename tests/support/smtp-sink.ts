import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import { freePort } from "./server.mjs";

// A real SMTP server for report tests (the `smtp-server` package): it keeps every message it accepted, with its
// SMTP envelope, and can be told to misbehave for the next connections (refuse, answer slowly, close mid-message).

export interface Received {
  from: string;
  recipients: string[];
  mail: ParsedMail;
}

export type Fault =
  | { kind: "refuse-sender"; code: number; times: number }
  | { kind: "refuse-recipients"; code: number; times: number }
  | { kind: "close-in-data"; times: number }
  /** a slow server: the answer to MAIL FROM comes only after `ms` */
  | { kind: "slow-sender"; ms: number; times: number };

export interface SmtpSink {
  port: number;
  received: Received[];
  /** logins seen (user names), to check SMTP_USER/SMTP_PASSWORD were used */
  logins: string[];
  fault(f: Fault | null): void;
  stop(): Promise<void>;
}

export async function startSmtpSink(credentials: { user: string; password: string }): Promise<SmtpSink> {
  const received: Received[] = [];
  const logins: string[] = [];
  let fault: Fault | null = null;
  const use = (kind: Fault["kind"]) => {
    if (!fault || fault.kind !== kind || fault.times <= 0) return null;
    fault.times--;
    return fault;
  };
  const refusal = (code: number) => Object.assign(new Error(code >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: code });
  const server: SMTPServer = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, cb) {
      if (auth.username === credentials.user && auth.password === credentials.password) {
        logins.push(auth.username!);
        cb(null, { user: auth.username });
      } else cb(Object.assign(new Error("Invalid login"), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, cb) {
      const slow = use("slow-sender");
      if (slow && slow.kind === "slow-sender") {
        setTimeout(() => cb(), slow.ms);
        return;
      }
      const f = use("refuse-sender");
      cb(f && f.kind === "refuse-sender" ? refusal(f.code) : undefined);
    },
    onRcptTo(_address, _session, cb) {
      const f = fault?.kind === "refuse-recipients" && fault.times > 0 ? fault : null;
      cb(f && f.kind === "refuse-recipients" ? refusal(f.code) : undefined);
    },
    onData(stream, session: SMTPServerSession, cb) {
      if (fault?.kind === "refuse-recipients") use("refuse-recipients");
      if (use("close-in-data")) {
        // the connection drops in the middle of the message: nothing is accepted
        stream.once("data", () => {
          for (const c of (server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }).connections) {
            if (c.id === session.id) c._socket.destroy();
          }
        });
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const mail = await simpleParser(Buffer.concat(chunks));
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", recipients: session.envelope.rcptTo.map((r) => r.address), mail });
        cb();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port, received, logins,
    fault: (f) => (fault = f),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
