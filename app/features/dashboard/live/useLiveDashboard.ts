import { createContext, useContext, useEffect, useRef, useState } from "react";
import type { LiveMessage } from "../../../../core/dashboards/live";
import { LiveChannel } from "./live-channel";

// The page's live channel while an auto-refresh interval is set (an embedded page's too: its guest token rides as a
// websocket subprotocol, live-channel.ts), and each chart's part in it.

export const LiveContext = createContext<LiveChannel | null>(null);

export function useLiveDashboard(dashboardId: number, interval: number, enabled: boolean): { channel: LiveChannel | null; open: boolean } {
  const [channel, setChannel] = useState<LiveChannel | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || !interval || typeof WebSocket === "undefined") return;
    const made = new LiveChannel(dashboardId, interval, setOpen);
    setChannel(made);
    return () => {
      made.dispose();
      setChannel(null);
      setOpen(false);
    };
  }, [dashboardId, interval, enabled]);
  return { channel, open };
}

/** A chart's part: reports the filters it queries with, and hands each push for it to `onMessage`. */
export function useLiveChart(chartId: number | undefined, mask: Record<string, unknown> | undefined, onMessage: (m: LiveMessage) => void): void {
  const channel = useContext(LiveContext);
  const latest = useRef(onMessage);
  latest.current = onMessage;
  useEffect(() => {
    if (channel && chartId !== undefined) channel.report(chartId, mask);
  }, [channel, chartId, mask]);
  useEffect(() => {
    if (!channel || chartId === undefined) return;
    return channel.listen(chartId, (m) => latest.current(m));
  }, [channel, chartId]);
}
