import { DurableObject } from "cloudflare:workers";
import type { Env } from "../services/env";
import { openDatabase } from "../db/client";
import { ApiError } from "../core/http/errors";
import { runChartData } from "../services/chart-data/run-context";
import { LIVE_PROTOCOL, RIGHTS_CHANGED_CLOSE, answerHash, dueCharts, nextWake, planCycle, type CyclePlan, type LiveMessage } from "../core/dashboards/live";
import type { LiveSpec } from "../services/dashboards/live-scope";
import { liveScopeNow, type LiveViewerRecord, type ScopeNow } from "../services/dashboards/live-viewer";
import { liveIndexFor } from "./live-dashboard-index";

// One LiveDashboard per (dashboard, data scope), named by core/dashboards/live.ts liveScopeKey. Viewers' websockets
// (hibernation API) connect here; each cycle the object runs every chart's query once, through runChartData — the
// function POST /api/v1/chart/data runs, so the caller's access and row-level security apply as there — and pushes
// an answer to every socket only when its hash changed. Answers live in the object's SQLite, not in memory, so a
// viewer arriving mid-interval gets them at once and memory stays flat with the number of viewers. With no socket
// left the next alarm stops the cycle (and the object can be evicted).

/** Answers above this are not kept for late viewers (SQLite rows hold 2 MB); pushes still carry them. */
const MAX_KEPT_CHARS = 1_900_000;
/** One object answers this many viewers; more get 503 and stay on polling. */
const MAX_SOCKETS = 5_000;
/** The header the Worker names the socket's viewer in (services/dashboards/live-viewer.ts); set by the route only. */
export const LIVE_VIEWER_HEADER = "X-Live-Viewer";

interface Cycle {
  start: number;
  waiting: CyclePlan;
  /** charts run so far in this cycle */
  runs?: number;
}

export interface LiveStats {
  /** chart-data runs since the object started (one per chart per cycle, plus data-changed refreshes) */
  runs: number;
  cycles: number;
  /** chart-data runs of each of the last complete cycles, oldest first (the data-changed ones apart) */
  cycleRuns: number[];
  sockets: number;
  charts: number;
}

export function liveScopeFor(env: Env, key: string): DurableObjectStub<LiveDashboard> {
  const ns = env.LIVE_DASHBOARD as unknown as DurableObjectNamespace<LiveDashboard>;
  return ns.get(ns.idFromName(key));
}

export class LiveDashboard extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS answers (chart_id INTEGER PRIMARY KEY, hash TEXT NOT NULL, body TEXT)`);
    // one row per distinct viewer (a guest's token can pass the 2 KB a socket's attachment holds): the socket names its row
    this.sql.exec(`CREATE TABLE IF NOT EXISTS viewers (key TEXT PRIMARY KEY, record TEXT NOT NULL)`);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /**
   * The scope's spec from the Worker, before each upgrade: the charts' bodies and the caller to run them as (the
   * latest viewer: every viewer of the scope gets the same rows, and a fresh principal carries today's roles).
   */
  async configure(spec: LiveSpec): Promise<void> {
    await this.ctx.storage.put("spec", spec);
    // listed in the dashboard's index while its cycle runs (stop() takes it out): once per cycle run, not per viewer
    if ((await this.ctx.storage.getAlarm()) === null) await liveIndexFor(this.env, spec.dashboardId).register(spec.key);
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a websocket", { status: 426 });
    const spec = await this.ctx.storage.get<LiveSpec>("spec");
    if (!spec) return new Response("This live dashboard was not configured", { status: 409 });
    if (this.ctx.getWebSockets().length >= MAX_SOCKETS) return new Response("Too many viewers of this live dashboard", { status: 503 });
    const record = request.headers.get(LIVE_VIEWER_HEADER);
    if (!record) return new Response("The live dashboard's viewer was not named", { status: 400 });
    const viewerKey = answerHash(record);
    this.sql.exec(`INSERT OR IGNORE INTO viewers (key, record) VALUES (?, ?)`, viewerKey, record);
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].serializeAttachment({ viewer: viewerKey });
    // a viewer arriving mid-interval gets the current answers at once (their charts repaint only where they differ)
    const kept = this.sql.exec<{ body: string }>(`SELECT body FROM answers WHERE body IS NOT NULL ORDER BY chart_id`).toArray();
    if (kept.length) pair[1].send(`[${kept.map((r) => r.body).join(",")}]`);
    // the page has just queried every chart itself: the first cycle runs one interval from now
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + spec.interval * 1000);
    const offered = (request.headers.get("Sec-WebSocket-Protocol") ?? "").split(",").map((p) => p.trim());
    // a browser that offered subprotocols drops a handshake answering none; only ours is ever echoed (never the token)
    const headers = offered.includes(LIVE_PROTOCOL) ? { "Sec-WebSocket-Protocol": LIVE_PROTOCOL } : undefined;
    return new Response(null, { status: 101, webSocket: pair[0], headers });
  }

  async alarm(): Promise<void> {
    let spec = await this.ctx.storage.get<LiveSpec>("spec");
    if (!spec || this.ctx.getWebSockets().length === 0) return this.stop(spec);
    const now = Date.now();
    let cycle = await this.ctx.storage.get<Cycle>("cycle");
    if (!cycle || (!cycle.waiting.length && now >= cycle.start + spec.interval * 1000)) {
      if (cycle) await this.ctx.storage.put("cycleRuns", [...((await this.ctx.storage.get<number[]>("cycleRuns")) ?? []), cycle.runs ?? 0].slice(-10));
      cycle = { start: now, waiting: planCycle(spec.charts.map((c) => c.id), spec.meta, spec.interval, now), runs: 0 };
      await this.bump("cycles");
      spec = await this.recheckViewers(spec);
    }
    const { due, waiting } = dueCharts(cycle.waiting, now);
    await this.refresh(spec, due);
    await this.ctx.storage.put("cycle", { start: cycle.start, waiting, runs: (cycle.runs ?? 0) + due.length });
    await this.ctx.storage.setAlarm(nextWake(waiting, cycle.start, spec.interval));
  }

  /** An upload or import changed rows of these datasets: their charts refresh now, outside the cycle. */
  async dataChanged(datasetIds: number[]): Promise<number> {
    const spec = await this.ctx.storage.get<LiveSpec>("spec");
    if (!spec || this.ctx.getWebSockets().length === 0) return 0;
    const changed = new Set(datasetIds);
    const ids = spec.charts.filter((c) => changed.has(Number((c.body.datasource as { id?: unknown } | undefined)?.id))).map((c) => c.id);
    await this.refresh(spec, ids);
    return ids.length;
  }

  async stats(): Promise<LiveStats> {
    const spec = await this.ctx.storage.get<LiveSpec>("spec");
    const counts = await this.ctx.storage.get<number | number[]>(["runs", "cycles", "cycleRuns"]);
    return {
      runs: (counts.get("runs") as number) ?? 0, cycles: (counts.get("cycles") as number) ?? 0, cycleRuns: (counts.get("cycleRuns") as number[]) ?? [],
      sockets: this.ctx.getWebSockets().length, charts: spec?.charts.length ?? 0,
    };
  }

  async webSocketMessage(): Promise<void> {
    // viewers only listen ("ping" is answered by the auto-response without waking the object)
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing"); // 1005/1006 cannot be sent back
    } catch {
      // the runtime may already have answered the close frame
    }
  }

  /**
   * Runs the charts (in parallel, each once) and pushes the answers whose hash changed to every socket, all in one
   * frame serialised once: a cycle's push costs one send per socket whatever the number of charts that changed.
   */
  private async refresh(spec: LiveSpec, chartIds: number[]): Promise<void> {
    if (!chartIds.length) return;
    const db = openDatabase(this.env.DB);
    const call = { env: this.env, db, secret: this.env.SECRET_KEY ?? "", principal: spec.principal, background: (p: Promise<unknown>) => this.ctx.waitUntil(p.catch(() => {})) };
    const bodies = new Map(spec.charts.map((c) => [c.id, c.body]));
    await this.bump("runs", chartIds.length);
    const changed: string[] = [];
    await Promise.all(chartIds.map(async (id) => {
      const body = bodies.get(id);
      if (!body) return;
      let message: LiveMessage;
      try {
        const { results } = await runChartData(call, body);
        message = { type: "answer", chart_id: id, hash: answerHash(results), at: Date.now(), sent: 0, result: results };
      } catch (e) {
        const text = e instanceof ApiError ? e.message : "The chart query failed";
        if (!(e instanceof ApiError)) console.error("live dashboard chart failed", e);
        message = { type: "error", chart_id: id, hash: answerHash(text), at: Date.now(), sent: 0, message: text };
      }
      const kept = this.sql.exec<{ hash: string }>(`SELECT hash FROM answers WHERE chart_id = ?`, id).toArray()[0];
      if (kept?.hash === message.hash) return; // unchanged: no viewer repaints
      // stamped when sent (the object's clock stands still between I/O, so it is the send loop's start)
      message.sent = Date.now();
      const text = JSON.stringify(message);
      this.sql.exec(`INSERT INTO answers (chart_id, hash, body) VALUES (?, ?, ?) ON CONFLICT (chart_id) DO UPDATE SET hash = excluded.hash, body = excluded.body`,
        id, message.hash, text.length <= MAX_KEPT_CHARS ? text : null);
      changed.push(text);
    }));
    if (changed.length) this.broadcast(`[${changed.join(",")}]`);
  }

  private broadcast(frame: string): void {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(frame);
      } catch {
        // a socket closing mid-send is dropped by the runtime; its viewer reconnects and is sent what is kept
      }
    }
  }

  /**
   * Rights taken away apply while sockets are open: once a cycle, each distinct viewer's scope is computed afresh
   * (services/dashboards/live-viewer.ts) and their sockets are closed when it is no longer this one. The cycle then
   * runs as a viewer just re-checked, so its queries carry today's roles. A check that fails (D1 unreachable) keeps
   * the sockets: the next cycle asks again.
   */
  private async recheckViewers(spec: LiveSpec): Promise<LiveSpec> {
    const sockets = new Map<string, WebSocket[]>();
    for (const ws of this.ctx.getWebSockets()) {
      const key = (ws.deserializeAttachment() as { viewer?: string } | null)?.viewer;
      if (key) sockets.set(key, [...(sockets.get(key) ?? []), ws]);
    }
    const records = this.sql.exec<{ key: string; record: string }>(`SELECT key, record FROM viewers`).toArray();
    for (const gone of records.filter((r) => !sockets.has(r.key))) this.sql.exec(`DELETE FROM viewers WHERE key = ?`, gone.key);
    const deps = { db: openDatabase(this.env.DB), env: this.env };
    let fresh: LiveSpec["principal"] | undefined;
    await Promise.all(records.filter((r) => sockets.has(r.key)).map(async ({ key, record }) => {
      let now: ScopeNow;
      try {
        now = await liveScopeNow(deps, JSON.parse(record) as LiveViewerRecord, spec.dashboardId, spec.interval);
      } catch (e) {
        console.error("live dashboard: re-checking a viewer failed", e);
        return;
      }
      if ("key" in now && now.key === spec.key) {
        fresh ??= now.principal;
        return;
      }
      const reason = "denied" in now ? `Access changed: ${now.denied}` : "Access changed: reconnect for your current data";
      for (const ws of sockets.get(key)!) {
        try {
          ws.close(RIGHTS_CHANGED_CLOSE, reason.slice(0, 120));
        } catch {
          // already closing
        }
      }
    }));
    if (!fresh) return spec;
    const next = { ...spec, principal: fresh };
    await this.ctx.storage.put("spec", next);
    return next;
  }

  private async bump(counter: "runs" | "cycles", by = 1): Promise<void> {
    await this.ctx.storage.put(counter, ((await this.ctx.storage.get<number>(counter)) ?? 0) + by);
  }

  /** Nobody watches: the cycle ends and kept answers go (they would be stale for the next viewer). */
  private async stop(spec: LiveSpec | undefined): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.delete("cycle");
    this.sql.exec(`DELETE FROM answers`);
    if (spec) await liveIndexFor(this.env, spec.dashboardId).unregister(spec.key);
  }
}
