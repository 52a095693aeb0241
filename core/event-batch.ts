import { LOG_BATCH_DELAY_MS, MAX_EVENTS_PER_SEND, type LogEvent } from "./event-log";

// The client logger's queue: events wait at most `delayMs` after the first one of a batch,
// and a batch never holds more than `maxBatch` events. Timers are injected so the policy is testable
// without a browser; the browser wiring is app/components/event-logger.ts.

export interface Scheduler {
  /** runs `fn` after `ms`; returns a function that cancels it */
  schedule(fn: () => void, ms: number): () => void;
}

export class EventBatcher {
  private queue: LogEvent[] = [];
  private cancelTimer: (() => void) | null = null;

  constructor(
    private readonly send: (batch: LogEvent[]) => void,
    private readonly scheduler: Scheduler,
    private readonly delayMs = LOG_BATCH_DELAY_MS,
    private readonly maxBatch = MAX_EVENTS_PER_SEND,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  add(event: LogEvent): void {
    this.queue.push(event);
    if (this.queue.length >= this.maxBatch) {
      this.flush();
      return;
    }
    // The timer starts with the first event of a batch and is not pushed back by later ones, so a steady
    // stream of events still leaves within one delay (a trailing debounce could hold them forever).
    this.cancelTimer ??= this.scheduler.schedule(() => {
      this.cancelTimer = null;
      this.flush();
    }, this.delayMs);
  }

  /** Sends everything queued now, in batches of at most maxBatch (page hide, tab close). */
  flush(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    while (this.queue.length) this.send(this.queue.splice(0, this.maxBatch));
  }
}
