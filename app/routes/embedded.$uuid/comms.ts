import { subscribe } from "valtio";
import { Switchboard, isPortHandshake, type PortLike } from "../../../core/embedded/switchboard";
import { originAllowed } from "../../../core/embedded/ui-config";
import { dataMaskEvent, type DataMaskSnapshot } from "../../../core/embedded/data-mask-event";
import { createPermalink } from "../../features/dashboard/share/permalink";
import type { EmbeddedHandle } from "../../features/dashboard/DashboardPage";

// The embedded page's end of the SDK's channel: it waits for the host's port (sent once the iframe loaded), then
// answers the SDK's calls over it — guestToken (first and every refresh), getScrollSize, getDashboardPermalink,
// getActiveTabs, getDataMask — and, when the host asked for data masks (uiConfig 16), sends each change of the
// applied filters to its observeDataMask callback.

export interface EmbeddedCommsOptions {
  dashboardId: number;
  allowedDomains: string[];
  emitDataMasks: boolean;
  onToken: (token: string) => void;
}

export interface EmbeddedComms {
  /** the dashboard is on the page: its state can be asked for and followed */
  ready: (handle: EmbeddedHandle) => void;
  stop: () => void;
}

// The SDK sends its port once, on the iframe's load event, which fires before React has hydrated and run the
// page's effects: the handshake is caught here, as this module is evaluated (before load), and handed over later.
let early: { origin: string; port: MessagePort } | null = null;
let lateListener: ((h: { origin: string; port: MessagePort }) => void) | null = null;
if (typeof window !== "undefined") {
  window.addEventListener("message", (event: MessageEvent) => {
    if (!isPortHandshake(event.data) || !event.ports[0]) return;
    const handshake = { origin: event.origin, port: event.ports[0] };
    if (lateListener) lateListener(handshake);
    else early ??= handshake;
  });
}

export function startEmbeddedComms(o: EmbeddedCommsOptions): EmbeddedComms {
  let handle: EmbeddedHandle | null = null;
  let board: Switchboard | null = null;
  let unobserve: (() => void) | null = null;
  let last: DataMaskSnapshot | null = null;

  const observe = () => {
    if (!o.emitDataMasks || !board || !handle?.filters || unobserve) return;
    const store = handle.filters;
    const send = () => {
      const change = dataMaskEvent(handle?.dataMask() ?? {}, new Set(Object.keys(store.state.cross)), last);
      if (!change) return;
      last = change.snapshot;
      board?.emit("observeDataMask", change.event);
    };
    send();
    unobserve = subscribe(store.state, send);
  };

  const connect = (port: MessagePort) => {
    board = new Switchboard(port as unknown as PortLike, "superset");
    board.defineMethod("guestToken", (args) => {
      const token = (args as { guestToken?: unknown } | undefined)?.guestToken;
      if (typeof token === "string" && token) o.onToken(token);
    });
    board.defineMethod("getScrollSize", () => ({ width: document.body.scrollWidth, height: document.body.scrollHeight }));
    board.defineMethod("getActiveTabs", () => handle?.activeTabs() ?? []);
    board.defineMethod("getDataMask", () => handle?.dataMask() ?? {});
    board.defineMethod("getDashboardPermalink", async (args) => {
      const anchor = (args as { anchor?: unknown } | undefined)?.anchor;
      const url = await createPermalink(o.dashboardId, null, { dataMask: handle?.dataMask() ?? {}, activeTabs: handle?.activeTabs() ?? [], anchor: typeof anchor === "string" ? anchor : null });
      if (!url) throw new Error("The permalink could not be made");
      return url;
    });
    board.start();
    observe();
  };

  const onHandshake = (h: { origin: string; port: MessagePort }) => {
    // only the first handshake counts: a later one (another script of the host's page) cannot take the channel over
    if (board || !originAllowed(h.origin, o.allowedDomains)) return;
    connect(h.port);
  };
  lateListener = onHandshake;
  if (early) onHandshake(early);

  return {
    ready(h) {
      handle = h;
      observe();
    },
    stop() {
      if (lateListener === onHandshake) lateListener = null;
      unobserve?.();
      board = null;
    },
  };
}
