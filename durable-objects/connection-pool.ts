import { DurableObject } from "cloudflare:workers";
import type { Env } from "../services/env";
import type { Connector } from "../core/connectors/types";
import { chunkRows } from "../core/connectors/row-chunks";
import { openConnector } from "../services/connectors/registry";
import type { ConnectionSpec } from "../services/connectors/types";
import { toWire, type ConnectionPoolRpc, type PooledAnswer, type PooledOptions } from "../services/connectors/pool-rpc";

// Warm connections to one database (named `pool:<database id>:<shard>`, see connectorFor). A Worker request
// may not use another request's socket, so a connection opened by a request dies with it: every run would
// pay for connecting, authenticating and a cold server process. A Durable Object outlives its requests and
// may keep sockets across them, so synchronous SQL Lab runs borrow a connection here. Production reaches warehouses through
// Hyperdrive, which pools by itself; this pool serves direct connections (and local development).
//
// Only read-only runs come here (the SQL gate refused anything that writes, and the engine runs them in a
// READ ONLY transaction), a connection returns to the pool only once its session is cleared, and one whose
// run was interrupted (stop, timeout) or failed is closed rather than reused: a late cancel request must not
// hit the next run.

/** An idle connection is closed after this long (give or take SWEEP_MS). */
const IDLE_MS = 60_000;
const SWEEP_MS = 15_000;
/** At most this many idle connections per connection target. */
const MAX_IDLE = 4;
/** Parts of a big result not collected within this time are dropped. */
const PARTS_TTL_MS = 30_000;

interface Idle {
  connector: Connector;
  since: number;
}

export class ConnectionPool extends DurableObject<Env> implements ConnectionPoolRpc {
  private readonly idle = new Map<string, Idle[]>();
  private readonly running = new Map<string, AbortController>();
  private readonly parts = new Map<string, { rest: unknown[][][]; expiry: ReturnType<typeof setTimeout> }>();
  private sweep: ReturnType<typeof setTimeout> | null = null;

  /** Runs one statement on a warm connection (or a new one), answering the result or the error as data. */
  async execute(spec: ConnectionSpec, text: string, options: PooledOptions, runKey: string): Promise<PooledAnswer> {
    const key = await targetKey(spec);
    const borrowed = this.idle.get(key)?.pop()?.connector;
    let connector: Connector;
    try {
      // the driver's own idle timer must not close a connection the pool still counts as warm
      connector = borrowed ?? openConnector(this.env, spec, { idleSeconds: (2 * IDLE_MS) / 1000 });
    } catch (e) {
      return { ok: false, error: toWire(e) };
    }
    const controller = new AbortController();
    this.running.set(runKey, controller);
    let reusable = false;
    try {
      const result = await connector.execute(text, { ...options, signal: controller.signal });
      reusable = !controller.signal.aborted;
      const [first, ...rest] = chunkRows(result.rows);
      if (rest.length) this.parts.set(runKey, { rest, expiry: setTimeout(() => this.parts.delete(runKey), PARTS_TTL_MS) });
      return { ok: true, result: { ...result, rows: first ?? [] }, parts: 1 + rest.length };
    } catch (e) {
      return { ok: false, error: toWire(e) };
    } finally {
      this.running.delete(runKey);
      // back to the pool once its session is cleared, which happens after the answer, off the next run's path
      if (reusable && connector.resetSession) {
        connector.resetSession().then(
          () => this.park(key, connector),
          () => void connector.close().catch(() => {}),
        );
      } else {
        void connector.close().catch(() => {});
      }
    }
  }

  /** The next part of a big result, handed over once (null when there is none left). */
  nextPart(runKey: string): unknown[][] | null {
    const pending = this.parts.get(runKey);
    const part = pending?.rest.shift() ?? null;
    if (pending && !pending.rest.length) {
      clearTimeout(pending.expiry);
      this.parts.delete(runKey);
    }
    return part;
  }

  /** Stops a run of `execute` (SQL Lab's stop, or the caller's own abort). */
  cancel(runKey: string): void {
    this.running.get(runKey)?.abort(new Error("stopped"));
  }

  /** How many connections wait idle, per target (tests and diagnostics). */
  idleCount(): number {
    let n = 0;
    for (const list of this.idle.values()) n += list.length;
    return n;
  }

  private park(key: string, connector: Connector) {
    const list = this.idle.get(key) ?? [];
    if (list.length >= MAX_IDLE) {
      void connector.close().catch(() => {});
      return;
    }
    list.push({ connector, since: Date.now() });
    this.idle.set(key, list);
    this.sweep ??= setTimeout(() => this.closeExpired(), SWEEP_MS);
  }

  private closeExpired() {
    this.sweep = null;
    const now = Date.now();
    for (const [key, list] of this.idle) {
      const keep = list.filter((i) => now - i.since < IDLE_MS);
      for (const i of list) if (!keep.includes(i)) void i.connector.close().catch(() => {});
      if (keep.length) this.idle.set(key, keep);
      else this.idle.delete(key);
    }
    if (this.idle.size) this.sweep = setTimeout(() => this.closeExpired(), SWEEP_MS);
  }
}

/** Connections are shared only by identical targets: a changed URI, password or extra opens new ones. */
async function targetKey(spec: ConnectionSpec): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify([spec.engine, spec.sqlalchemy_uri, spec.password, spec.extra]));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
