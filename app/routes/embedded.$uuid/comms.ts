import { subscribe } from "valtio";
import { Switchboard, isPortHandshake, type PortLike } from "../../../core/embedded/switchboard";
import { originAllowed } from "../../../core/embedded/ui-config";
import { dataMaskEvent, type DataMaskSnapshot } from "../../../core/embedded/data-mask-event";
import { createPermalink } from "../../features/dashboard/share/permalink";
import { setGuestToken } from "../../components/guest-token";
import type { EmbeddedHandle } from "../../features/dashboard/DashboardPage";
import { embeddedPageConfig } from "./page-config";

// The embedded page's end of the SDK's channel: it waits for the host's port (sent once the iframe loaded), then
// answers the SDK's calls over it — guestToken (first and every refresh), getScrollSize, getDashboardPermalink,
// getActiveTabs, getDataMask — and, when the host asked for data masks (uiConfig 16), sends each change of the
// applied filters to its observeDataMask callback.
//
// The SDK sends its port once, on the iframe's load event, which fires before React has hydrated and run the
// page's effects. The channel is therefore opened here, as this module is evaluated (before load), from the
// configuration the server wrote into the document's head: the guest token is taken (and the page data asked,
// see route.tsx) the moment the host hands it over, not after hydration. The page's state answers once it is on
// the page (ready).

export interface EmbeddedComms {
  /** the dashboard is on the page: its state can be asked for and followed */
  ready: (handle: EmbeddedHandle) => void;
  stop: () => void;
}

let board: Switchboard | null = null;
let handle: EmbeddedHandle | null = null;
let token: string | null = null;
const tokenListeners = new Set<(token: string) => void>();
// the page's data-mask follower (set by startEmbeddedComms, run once both the channel and the dashboard exist)
let observe: () => void = () => {};

function connect(port: MessagePort, dashboardId: number) {
  board = new Switchboard(port as unknown as PortLike, "superset");
  board.defineMethod("guestToken", (args) => {
    const value = (args as { guestToken?: unknown } | undefined)?.guestToken;
    if (typeof value !== "string" || !value) return;
    // a refreshed token only replaces the old one: the requests after it carry the new one
    token = value;
    setGuestToken(value);
    for (const listener of tokenListeners) listener(value);
  });
  board.defineMethod("getScrollSize", () => ({ width: document.body.scrollWidth, height: document.body.scrollHeight }));
  board.defineMethod("getActiveTabs", () => handle?.activeTabs() ?? []);
  board.defineMethod("getDataMask", () => handle?.dataMask() ?? {});
  board.defineMethod("getDashboardPermalink", async (args) => {
    const anchor = (args as { anchor?: unknown } | undefined)?.anchor;
    const url = await createPermalink(dashboardId, null, { dataMask: handle?.dataMask() ?? {}, activeTabs: handle?.activeTabs() ?? [], anchor: typeof anchor === "string" ? anchor : null });
    if (!url) throw new Error("The permalink could not be made");
    return url;
  });
  board.start();
  observe();
}

if (typeof window !== "undefined") {
  window.addEventListener("message", (event: MessageEvent) => {
    if (!isPortHandshake(event.data) || !event.ports[0]) return;
    // only the first handshake from an allowed host counts: a later one (another script of the host's page)
    // cannot take the channel over
    const config = embeddedPageConfig();
    if (board || !config || !originAllowed(event.origin, config.allowedDomains)) return;
    connect(event.ports[0], config.dashboardId);
  });
}

/** Calls `listener` with each guest token the host hands over (at once with the last one, if one came already). */
export function onHandedToken(listener: (token: string) => void): () => void {
  tokenListeners.add(listener);
  if (token) listener(token);
  return () => tokenListeners.delete(listener);
}

/** The page's side of the channel once it renders: its dashboard's state, and data masks if the host asked. */
export function startEmbeddedComms(o: { emitDataMasks: boolean }): EmbeddedComms {
  let unobserve: (() => void) | null = null;
  let last: DataMaskSnapshot | null = null;
  observe = () => {
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
  return {
    ready(h) {
      handle = h;
      observe();
    },
    stop() {
      unobserve?.();
      observe = () => {};
      handle = null;
    },
  };
}
