import { DurableObject } from "cloudflare:workers";
import type { Env } from "../workers/env";

// One EventChannel per user: an ordered log of async events (SPEC §3 "Async event") that websockets
// receive live and that `GET /api/v1/async_event/?last_id=` reads. Ids look like Redis stream ids
// ("<epoch ms>-<seq>"), as Superset's clients expect, and order by the integer sequence.

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

/** Events older than this are dropped when new ones arrive. */
const KEEP_EVENTS = 1000;

export class EventChannel extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, body TEXT NOT NULL)`);
  }

  /** Appends an event and pushes it to every open websocket of this channel. */
  async publish(channelId: string, event: NewAsyncEvent): Promise<AsyncEvent> {
    const seq = (this.sql.exec<{ seq: number }>(`SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM events`).one().seq);
    const full: AsyncEvent = { ...event, id: `${Date.now()}-${seq}`, channel_id: channelId };
    this.sql.exec(`INSERT INTO events (seq, id, body) VALUES (?, ?, ?)`, seq, full.id, JSON.stringify(full));
    this.sql.exec(`DELETE FROM events WHERE seq <= ?`, seq - KEEP_EVENTS);
    const message = JSON.stringify(full);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(message);
      } catch {
        // a socket closing mid-send is dropped by the runtime; the client replays with last_id on reconnect
      }
    }
    return full;
  }

  /** Events after `lastId` (all kept events when absent or unknown), oldest first. */
  async read(lastId: string | null): Promise<AsyncEvent[]> {
    const seq = seqOf(lastId);
    return this.sql
      .exec<{ body: string }>(`SELECT body FROM events WHERE seq > ? ORDER BY seq`, seq)
      .toArray()
      .map((r) => JSON.parse(r.body) as AsyncEvent);
  }

  /** Accepts a websocket (hibernation API) and replays what the client missed after last_id. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected a websocket", { status: 426 });
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    const lastId = new URL(request.url).searchParams.get("last_id");
    for (const event of await this.read(lastId)) server.send(JSON.stringify(event));
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Clients only listen; a "ping" keeps intermediaries from closing an idle socket.
    if (message === "ping") ws.send("pong");
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // 1005 (no status) cannot be sent back; answer with a normal closure instead.
    ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
  }
}

function seqOf(lastId: string | null): number {
  const m = lastId ? /^\d+-(\d+)$/.exec(lastId) : null;
  return m ? Number(m[1]) : 0;
}
