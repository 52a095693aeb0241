import { guestHeaders, guestToken } from "../../components/guest-token";
// The browser side of async events (async query jobs' done and error events): one websocket on
// /api/v1/async_event/ (upgrade), retried 6 times 2.5 s apart, then polling GET ?last_id= every 500 ms.
// Events for a job nobody waits for yet (the execute answer may arrive after its event) are retried
// 100 ms × attempt, up to 6 times. The last event id survives reloads in local storage.

export interface AsyncEvent {
  id: string;
  job_id: string;
  status: "done" | "error";
  result_url: string | null;
  errors?: { message: string; error_type: string; extra?: Record<string, unknown> }[];
}

export const WEBSOCKET_RETRY_MS = 2500;
export const WEBSOCKET_MAX_RETRIES = 6;
export const POLLING_DELAY_MS = 500;
export const UNKNOWN_JOB_MAX_ATTEMPTS = 6;
export const LAST_EVENT_ID_KEY = "last_async_event_id";

type Handler = (event: AsyncEvent) => void;

const handlers = new Map<string, Handler>();
let socket: WebSocket | null = null;
let socketFailures = 0;
let polling = false;
let pollTimer: ReturnType<typeof setTimeout> | null = null;
let started = false;

const lastId = () => {
  try {
    return localStorage.getItem(LAST_EVENT_ID_KEY) ?? "";
  } catch {
    return "";
  }
};
const rememberId = (id: string) => {
  try {
    localStorage.setItem(LAST_EVENT_ID_KEY, id);
  } catch {
    // storage full or disabled: replay on reconnect starts earlier, which handlers tolerate
  }
};

function dispatch(event: AsyncEvent, attempt = 1) {
  const handler = handlers.get(event.job_id);
  if (handler) {
    handlers.delete(event.job_id);
    handler(event);
  } else if (attempt < UNKNOWN_JOB_MAX_ATTEMPTS) {
    setTimeout(() => dispatch(event, attempt + 1), 100 * attempt);
  }
}

function receive(events: AsyncEvent[]) {
  for (const e of events) {
    if (e.id) rememberId(e.id);
    dispatch(e);
  }
}

function connectSocket() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${scheme}//${location.host}/api/v1/async_event/?last_id=${encodeURIComponent(lastId())}`;
  let ws: WebSocket;
  try {
    ws = new WebSocket(url);
  } catch {
    onSocketLost();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    socketFailures = 0;
  };
  ws.onmessage = (msg) => {
    try {
      const parsed = JSON.parse(String(msg.data));
      receive(Array.isArray(parsed) ? parsed : [parsed]);
    } catch {
      // a frame that is not an event is ignored
    }
  };
  ws.onclose = () => {
    if (socket === ws) onSocketLost();
  };
}

function onSocketLost() {
  socket = null;
  socketFailures += 1;
  if (socketFailures <= WEBSOCKET_MAX_RETRIES) setTimeout(connectSocket, WEBSOCKET_RETRY_MS);
  else {
    polling = true;
    schedulePoll();
  }
}

async function poll() {
  pollTimer = null;
  if (handlers.size === 0) return;
  try {
    const res = await fetch(`/api/v1/async_event/?last_id=${encodeURIComponent(lastId())}`, { credentials: "same-origin", headers: guestHeaders() });
    if (res.ok) receive(((await res.json()) as { result: AsyncEvent[] }).result ?? []);
  } catch {
    // offline for a moment: the next poll asks again from the same last id
  }
  schedulePoll();
}

function schedulePoll() {
  if (polling && !pollTimer && handlers.size > 0) pollTimer = setTimeout(poll, POLLING_DELAY_MS);
}

/** Opens the websocket once per page. */
export function startAsyncEvents() {
  if (started || typeof window === "undefined") return;
  started = true;
  // a browser websocket cannot carry the embedded page's X-GuestToken header: a guest polls instead
  if (typeof WebSocket === "undefined" || guestToken()) {
    polling = true;
    return;
  }
  connectSocket();
}

/** Resolves with the job's done or error event. */
export function waitForJob(jobId: string): Promise<AsyncEvent> {
  startAsyncEvents();
  return new Promise((resolve) => {
    handlers.set(jobId, resolve);
    schedulePoll();
  });
}

export function forgetJob(jobId: string) {
  handlers.delete(jobId);
}
