import { useCallback, useEffect, useState } from "react";
import { refreshFrequency, refreshSchedule, type RefreshMetadata } from "../../../../core/dashboards/refresh";
import type { RefreshSignal } from "../view-context";

// The dashboard's refresh: "Refresh dashboard" queries every chart again at once bypassing the cache; the
// auto-refresh interval (json_metadata.refresh_frequency at first, changeable for the session) refreshes all but
// the immune charts, staggered (core/dashboards/refresh.ts). The timer waits while the tab is hidden.

export function useDashboardRefresh(chartIds: number[], metadata: RefreshMetadata) {
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
      if (document.visibilityState !== "hidden") fire(true);
    }, interval * 1000);
    return () => window.clearInterval(timer);
  }, [interval, fire]);
  return { signal, refreshNow: () => fire(false), interval, setInterval: setIntervalSeconds };
}
