import { DurableObject } from "cloudflare:workers";
import type { Env } from "../services/env";
import {
  formatEventId,
  isAfter,
  nextEventId,
  parseLastId,
  readFrom,
  retentionCutoff,
  ZERO_ID,
  type StreamId,
} from "../core/async-events";

// One EventChannel per user (named `user:<id>`): an ordered log of async events
// that websockets receive live and that `GET /api/v1/async_event/?last_id=` reads. Ids are Redis-style
// stream ids "<epoch ms>-<seq>" (core/async-events.ts). A Durable Object runs one call at a time and the
// SQL storage API is synchronous, so publish is atomic: ids are strictly increasing and never reused,
// even after old events are pruned, because the newest id lives in its own row.

export interface AsyncEvent {
  id: string;
  channel_id: string;
  job_id: string;
  user_id: string | null;
  status: "pending" | "running" | "done" | "error";
  errors: unknown[];
  result_url: string | null;
}

export type NewAsyncEvent = Omit<AsyncEvent, "id" | "channel_id">;

/** Open sockets per user (tabs, windows); beyond this the oldest is closed so a leaking client cannot pile them up. */
const MAX_SOCKETS = 32;

export class EventChannel extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`DROP TABLE IF EXISTS events`); // the first layout: ids were recomputed from MAX(seq) and could repeat
    this.sql.exec(`CREATE TABLE IF NOT EXISTS stream_events (seq INTEGER PRIMARY KEY, ms INTEGER NOT NULL, body TEXT NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS stream_head (one INTEGER PRIMARY KEY CHECK (one = 1), ms INTEGER NOT NULL, seq INTEGER NOT NULL)`);
    // Keep-alive pings are answered by the runtime without waking a hibernated channel.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Appends an event and pushes it to every open websocket of this channel. */
  async publish(channelId: string, event: NewAsyncEvent): Promise<AsyncEvent> {
    const now = Date.now();
    const id = nextEventId(now, this.head());
    const full: AsyncEvent = { ...event, id: formatEventId(id), channel_id: channelId };
    const body = JSON.stringify(full);
    this.sql.exec(`INSERT INTO stream_events (seq, ms, body) VALUES (?, ?, ?)`, id.seq, id.ms, body);
    this.sql.exec(`INSERT INTO stream_head (one, ms, seq) VALUES (1, ?, ?) ON CONFLICT (one) DO UPDATE SET ms = excluded.ms, seq = excluded.seq`, id.ms, id.seq);
    this.prune(now, id);
    // Old events are also dropped when nobody publishes for a while.
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(now + 3600_000);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(body);
      } catch {
        // a socket closing mid-send is dropped by the runtime; the client replays with last_id on reconnect
      }
    }
    return full;
  }

  /** Events after `lastId` (all kept events when absent), oldest first. */
  async read(lastId: string | null): Promise<AsyncEvent[]> {
    return this.eventsAfter(lastId).map((body) => JSON.parse(body) as AsyncEvent);
  }

  /** Accepts a websocket (hibernation API) and replays what the client missed after last_id. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a websocket", { status: 426 });
    const open = this.ctx.getWebSockets();
    for (const ws of open.slice(0, Math.max(0, open.length - MAX_SOCKETS + 1))) {
      try {
        ws.close(1008, "Too many open connections for this user");
      } catch {
        // already closing
      }
    }
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    for (const body of this.eventsAfter(new URL(request.url).searchParams.get("last_id"))) server.send(body);
    return new Response(null, { status: 101, webSocket: client });
  }

  async alarm(): Promise<void> {
    const head = this.head();
    if (head) this.prune(Date.now(), head);
    if (this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM stream_events`).one().n > 0) await this.ctx.storage.setAlarm(Date.now() + 3600_000);
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Clients only listen ("ping" is answered by the auto-response); anything else is ignored.
    void ws;
    void message;
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      // 1005/1006 (no status, abnormal) cannot be sent back; answer with a normal closure instead.
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // the runtime may already have answered the close frame
    }
  }

  private head(): StreamId | null {
    const row = this.sql.exec<{ ms: number; seq: number }>(`SELECT ms, seq FROM stream_head WHERE one = 1`).toArray()[0];
    return row ? { ms: row.ms, seq: row.seq } : null;
  }

  private eventsAfter(raw: string | null): string[] {
    let last: StreamId;
    try {
      last = parseLastId(raw);
    } catch {
      last = ZERO_ID; // the API validates last_id first; here an unreadable one replays what is kept
    }
    const head = this.head();
    if (head) this.prune(Date.now(), head);
    const from = readFrom(last, head);
    return this.sql
      .exec<{ seq: number; ms: number; body: string }>(`SELECT seq, ms, body FROM stream_events WHERE seq > ? ORDER BY seq`, from.seq)
      .toArray()
      .filter((r) => isAfter({ ms: r.ms, seq: r.seq }, from))
      .map((r) => r.body);
  }

  private prune(now: number, newest: StreamId): void {
    const { minSeq, minMs } = retentionCutoff(now, newest);
    this.sql.exec(`DELETE FROM stream_events WHERE seq < ? OR ms < ?`, minSeq, minMs);
  }
}
