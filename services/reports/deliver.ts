import type { SmtpConfig } from "../../core/reports/smtp-config";
import { backoffMs, SmtpError } from "../../core/reports/smtp-protocol";
import { sendMail, type Envelope } from "./smtp-client";
import { ReportError } from "./errors";
import { Messages } from "../../core/reports/states";

// One email of a run, handed to the mail server exactly once. The journal (the runner's Durable Object storage)
// remembers each email's progress: "committing" is written before the DATA terminator, "sent" after the
// server's 250. A temporary failure before the terminator is retried with backoff inside the run; an email
// found "committing" (the run died right there) or lost after the terminator is never sent again.

export type DeliveryState = "pending" | "committing" | "sent";

/** An email's key within a run: a recipient row's index, or `recipient:<address>` for per-recipient content. */
export type DeliveryKey = number | string;

export interface DeliveryJournal {
  state(key: DeliveryKey): DeliveryState;
  mark(key: DeliveryKey, state: Exclude<DeliveryState, "pending">): void;
}

export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  sleep?: (ms: number) => Promise<void>;
}

export async function deliverOnce(config: SmtpConfig, envelope: Envelope, index: DeliveryKey, journal: DeliveryJournal, retry: RetryPolicy): Promise<"sent" | "already sent"> {
  const state = journal.state(index);
  if (state === "sent") return "already sent";
  if (state === "committing") throw new ReportError(Messages.interruptedWhileSending);
  const sleep = retry.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      await sendMail(config, envelope, { beforeCommit: () => journal.mark(index, "committing") });
      journal.mark(index, "sent");
      return "sent";
    } catch (e) {
      const err = e instanceof SmtpError ? e : new SmtpError((e as Error).message, false, "before-data");
      // after the terminator the message may have been delivered: the journal keeps "committing" and no retry
      if (!err.retryable || attempt >= retry.attempts) {
        const tries = attempt > 1 ? ` (after ${attempt} attempts)` : "";
        throw new ReportError(`Sending the email to ${envelope.recipients.join(", ")} failed${tries}: ${err.message}`);
      }
      await sleep(backoffMs(attempt, retry.baseMs));
    }
  }
}
