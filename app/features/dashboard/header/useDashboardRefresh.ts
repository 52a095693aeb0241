import { useCallback, useEffect, useState, type RefObject } from "react";
import { refreshFrequency, refreshSchedule, type RefreshMetadata } from "../../../../core/dashboards/refresh";
import type { RefreshSignal } from "../view-context";

// The dashboard's refresh: "Refresh dashboard" queries every chart again at once bypassing the cache; the
// auto-refresh interval (json_metadata.refresh_frequency at first, changeable for the session) refreshes all but
// the immune charts, staggered (core/dashboards/refresh.ts). The timer waits while the tab is hidden, and while the
// page's live channel is open (`live`: its server object refreshes the charts for every viewer, issue 29): the
// timer is the fallback when the websocket cannot open.

export function useDashboardRefresh(chartIds: number[], metadata: RefreshMetadata, liveOpen?: RefObject<boolean>) {
  const [interval, setIntervalSeconds] = useState(() => refreshFrequency(metadata));
  const [signal, setSignal] = useState<RefreshSignal>({ n: 0, force: false, delays: new Map() });
  const key = chartIds.join(",");
  const fire = useCallback((periodic: boolean) => {
    const meta = { ...metadata, refresh_frequency: interval };
    setSignal((s) => ({ n: s.n + 1, force: true, delays: refreshSchedule(chartIds, meta, periodic) }));
  }, [key, metadata, interval]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!interval) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== "hidden" && !liveOpen?.current) fire(true);
    }, interval * 1000);
    return () => window.clearInterval(timer);
  }, [interval, fire, liveOpen]);
  return { signal, refreshNow: () => fire(false), interval, setInterval: setIntervalSeconds };
}
