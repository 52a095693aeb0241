// Rows written in batches per isolate rather than one write per request (the action log: one D1 write per API
// request was a good part of a warm request's cost). Nothing is lost to the batching: whenever a row is waiting,
// a flush is on its way and one request holds it (its waitUntil keeps the isolate alive until written). The
// request that queues the first row of a batch gets that flush; a batch that reaches maxRows is written at once
// by the request that filled it.

export interface LogBatchOptions {
  maxRows: number;
  delayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class LogBatcher<T> {
  private pending: T[] = [];
  private scheduled = false;

  constructor(private readonly options: LogBatchOptions) {}

  /** Queues a row; answers the flush the caller must keep alive (waitUntil), or null when another holds it. */
  add(row: T, write: (rows: T[]) => Promise<void>): Promise<void> | null {
    this.pending.push(row);
    if (this.pending.length >= this.options.maxRows) return this.flush(write);
    if (this.scheduled) return null;
    this.scheduled = true;
    return (this.options.sleep ?? timer)(this.options.delayMs).then(() => {
      this.scheduled = false;
      return this.flush(write);
    });
  }

  get waiting(): number {
    return this.pending.length;
  }

  private async flush(write: (rows: T[]) => Promise<void>): Promise<void> {
    const rows = this.pending;
    this.pending = [];
    if (rows.length) await write(rows);
  }
}
