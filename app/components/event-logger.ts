import { useEffect } from "react";
import { useLocation } from "@remix-run/react";
import { EventBatcher } from "../../core/event-batch";
import { navigationEvent, type LogEvent } from "../../core/event-log";
import { guestHeaders, guestToken } from "./guest-token";

// The browser's event logger, as Superset's: events are batched (1000 ms, at most 1024 per send) and
// sent with navigator.sendBeacon so they survive page unloads; when the beacon is refused (too large,
// unsupported) they go as a fetch POST of the JSON array. Cookie sessions need the CSRF token: the beacon
// cannot set headers, so it travels as the csrf_token form field; the fetch sends X-CSRFToken.

export const LOG_ENDPOINT = "/tptanalytics/log/?explode=events";

interface LoggerConfig {
  csrfToken: string | null;
  guestToken: string | null;
}

const config: LoggerConfig = { csrfToken: null, guestToken: null };
let batcher: EventBatcher | null = null;

/** One id per page load, shared by its events, as Superset's impression_id (made lazily: the module also loads on the server). */
let impressionIdValue: string | null = null;
const impressionId = () => (impressionIdValue ??= randomId());

function randomId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join("");
}

function sendBatch(events: LogEvent[]): void {
  const body = JSON.stringify(events);
  if (typeof navigator.sendBeacon === "function") {
    const form = new FormData();
    form.append("events", body);
    if (config.csrfToken) form.append("csrf_token", config.csrfToken);
    const guest = config.guestToken ?? guestToken();
    if (guest) form.append("guest_token", guest);
    if (navigator.sendBeacon(LOG_ENDPOINT, form)) return;
  }
  const headers: Record<string, string> = { "Content-Type": "application/json", ...guestHeaders() };
  if (config.csrfToken) headers["X-CSRFToken"] = config.csrfToken;
  // keepalive lets a small batch outlive the page, like the beacon; logging failures are not the user's problem.
  void fetch(LOG_ENDPOINT, { method: "POST", headers, body, credentials: "same-origin", keepalive: body.length < 60_000 }).catch(() => {});
}

function getBatcher(): EventBatcher {
  if (!batcher) {
    batcher = new EventBatcher(sendBatch, { schedule: (fn, ms) => { const t = window.setTimeout(fn, ms); return () => window.clearTimeout(t); } });
    // Leaving or hiding the page sends what is queued right away: the beacon is made for exactly this.
    window.addEventListener("pagehide", () => batcher?.flush());
    // A form post that leaves the page (Log out above all) is sent before pagehide fires, and its answer
    // may end the session the queued events need: send them as the form is submitted, ahead of it.
    document.addEventListener("submit", () => batcher?.flush(), { capture: true });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") batcher?.flush();
    });
  }
  return batcher;
}

/** Queues one event; the caller supplies event_name and its own fields, the logger adds the common ones. */
export function logEvent(eventName: string, data: LogEvent = {}, eventType: "user" | "timing" = "user"): void {
  if (typeof window === "undefined") return;
  getBatcher().add({ impression_id: impressionId(), version: "v2", ts: Date.now(), ...data, event_name: eventName, event_type: eventType });
}

/**
 * Logs each page load and client-side navigation as Superset's `spa_navigation` user event. Only signed-in
 * users are logged: the endpoint needs can_write on Log, and anonymous pages (login) are not activity.
 */
export function useNavigationLogging(options: { enabled: boolean; csrfToken: string | null; guestToken?: string | null }): void {
  const location = useLocation();
  config.csrfToken = options.csrfToken;
  config.guestToken = options.guestToken ?? null;
  useEffect(() => {
    if (!options.enabled) return;
    getBatcher().add(
      navigationEvent({
        path: location.pathname,
        search: location.search,
        impressionId: impressionId(),
        eventId: randomId(),
        ts: Date.now(),
        visibility: document.visibilityState,
      }),
    );
    // Like Superset's LocationPathnameLogger: a new path is a navigation; a changed filter in the query string is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- location.search is read, deliberately not a trigger
  }, [location.pathname, options.enabled]);
}
