import { LIVE_PROTOCOL, RIGHTS_CHANGED_CLOSE, type LiveMessage } from "../../../../core/dashboards/live";
import { GUEST_TOKEN_PROTOCOL_PREFIX } from "../../../../core/security/guest-token";
import { guestToken } from "../../../components/guest-token";

// The browser's end of a live dashboard (issue 29): one websocket to GET /api/v1/dashboard/<id>/live, whose server
// object refreshes every chart once per interval for all viewers of the same scope and pushes changed answers.
// Charts report the filters (extra_form_data) they query with; a change reconnects with the new masks, since they
// are part of the scope. While the socket is not open the page keeps its own timer (useDashboardRefresh): polling
// is the fallback, and a failed connection is retried after a growing pause. An embedded page's guest token is
// offered as a subprotocol (a browser websocket sends no headers of its own; a URL would be logged). A socket the
// server closes because the viewer's rights changed reconnects at once, to be re-scoped or refused.

const PING_MS = 30_000;
const RETRY_MS = [5_000, 15_000, 60_000];

export class LiveChannel {
  private readonly masks = new Map<number, string>();
  /** the masks the open socket was made with: a push answers a chart only while its mask is still that one */
  private sent = new Map<number, string>();
  private readonly listeners = new Map<number, (m: LiveMessage) => void>();
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ping: ReturnType<typeof setInterval> | undefined;
  private failures = 0;
  private disposed = false;

  constructor(private readonly dashboardId: number, private readonly interval: number, private readonly onOpen: (open: boolean) => void) {}

  report(chartId: number, mask: Record<string, unknown> | undefined): void {
    const text = JSON.stringify(mask ?? {});
    if (this.masks.get(chartId) === text) return;
    this.masks.set(chartId, text);
    this.schedule(250); // charts report in one render: connect once they all have
  }

  listen(chartId: number, fn: (m: LiveMessage) => void): () => void {
    this.listeners.set(chartId, fn);
    return () => {
      if (this.listeners.get(chartId) === fn) this.listeners.delete(chartId);
    };
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.drop();
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    if (!this.disposed) this.timer = setTimeout(() => this.open(), delay);
  }

  private url(): string {
    const masks = Object.fromEntries([...this.masks].filter(([, m]) => m !== "{}").map(([id, m]) => [id, JSON.parse(m)]));
    const q = new URLSearchParams({ interval: String(this.interval) });
    if (Object.keys(masks).length) q.set("masks", JSON.stringify(masks));
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/api/v1/dashboard/${this.dashboardId}/live?${q}`;
  }

  private open(): void {
    this.drop();
    let ws: WebSocket;
    try {
      const token = guestToken();
      ws = new WebSocket(this.url(), token ? [LIVE_PROTOCOL, `${GUEST_TOKEN_PROTOCOL_PREFIX}${token}`] : [LIVE_PROTOCOL]);
    } catch {
      return this.retry();
    }
    this.socket = ws;
    this.sent = new Map(this.masks);
    ws.onopen = () => {
      this.failures = 0;
      this.onOpen(true);
      this.ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), PING_MS);
    };
    ws.onmessage = (e) => {
      if (this.socket !== ws || typeof e.data !== "string" || e.data === "pong") return;
      let frame: LiveMessage[];
      try {
        frame = [JSON.parse(e.data) as LiveMessage[]].flat(); // a frame: every chart that changed in one refresh
      } catch {
        return;
      }
      for (const message of frame) {
        if (this.sent.get(message.chart_id) === this.masks.get(message.chart_id)) this.listeners.get(message.chart_id)?.(message);
      }
    };
    ws.onclose = (e) => {
      if (this.socket !== ws) return;
      this.drop();
      if (e.code === RIGHTS_CHANGED_CLOSE) this.schedule(0);
      else this.retry();
    };
  }

  private retry(): void {
    this.schedule(RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]);
  }

  private drop(): void {
    clearInterval(this.ping);
    const ws = this.socket;
    this.socket = null;
    this.onOpen(false);
    if (ws && ws.readyState <= WebSocket.OPEN) {
      ws.onclose = null;
      ws.close(1000);
    }
  }
}
