import { createContext, useContext, useEffect, useRef } from "react";

// What the dashboard page tells every chart without threading it through the layout: the latest refresh (its
// number, whether it bypasses the cache, and when each chart starts), whether chart controls are hidden
// (uiConfig 8, standalone 3) and which charts show their description at first (json_metadata.expanded_slices).

export interface RefreshSignal {
  n: number;
  force: boolean;
  /** chart id → delay in ms; charts not in it sit this refresh out (timed_refresh_immune_slices) */
  delays: Map<number, number>;
}

export interface DashboardViewState {
  refresh: RefreshSignal;
  hideChartControls: boolean;
  expandedSlices: Record<string, boolean>;
  /** the dashboard, and whether the viewer may edit it (cross-filter scoping is saved into its metadata) */
  dashboard?: { id: number; canEdit: boolean };
  /** what a permalink of the page holds now (applied data mask, active tabs); absent: nothing to share */
  share?: { dashboardId: number; title: string; state: () => { dataMask: Record<string, unknown>; activeTabs: string[] } };
  /** shown inside a host's page (/embedded/{uuid}): no links into the rest of the app */
  embedded?: boolean;
  /** charts whose answer reached their row limit say so (always, but inside a host's page only when it asks) */
  rowLimitWarning?: boolean;
  /** CSV and Excel downloads are offered (the viewer holds can_csv on Superset); absent: offered */
  canExportData?: boolean;
}

export const DashboardViewContext = createContext<DashboardViewState>({
  refresh: { n: 0, force: false, delays: new Map() },
  hideChartControls: false,
  expandedSlices: {},
});

export const useDashboardView = () => useContext(DashboardViewContext);

/**
 * Runs `run(force)` on each new dashboard refresh, after this chart's delay. A chart that has not queried yet
 * (still below the fold) is left alone: it queries fresh when scrolled to.
 */
export function useRefreshSignal(chartId: number | undefined, started: boolean, run: (force: boolean) => unknown): void {
  const { refresh } = useDashboardView();
  const seen = useRef(refresh.n);
  const latest = useRef({ run, started });
  latest.current = { run, started };
  useEffect(() => {
    if (refresh.n === seen.current) return;
    seen.current = refresh.n;
    const delay = chartId === undefined ? undefined : refresh.delays.get(chartId);
    if (delay === undefined || !latest.current.started) return;
    // undelayed charts ask in this same effect flush, so their requests leave as one batch
    if (delay === 0) return void latest.current.run(refresh.force);
    const timer = setTimeout(() => void latest.current.run(refresh.force), delay);
    return () => clearTimeout(timer);
  }, [refresh, chartId]);
}
