import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { proxy, useSnapshot } from "valtio";
import type { ChartMask } from "../../../../core/dashboards/filters/scope";
import { masksOf, type FiltersState, type FiltersStore } from "./store";

// Charts read their data mask from here; a dashboard page without the provider (none today) filters nothing.

const OFF = proxy({ crossFiltersEnabled: false });
const StoreContext = createContext<FiltersStore | null>(null);
const MaskContext = createContext<Record<number, ChartMask> | null>(null);

export function FiltersProvider({ store, children }: { store: FiltersStore; children: ReactNode }) {
  const snap = useSnapshot(store.state);
  const masks = useMemo(() => masksOf(snap as FiltersState), [snap.filters, snap.applied, snap.cross, snap.crossFiltersEnabled, snap.crossScopes]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <StoreContext.Provider value={store}>
      <MaskContext.Provider value={masks}>{children}</MaskContext.Provider>
    </StoreContext.Provider>
  );
}

export const useFiltersStore = () => useContext(StoreContext);

/**
 * A chart's merged extra_form_data and a key that changes only when it does (the chart re-queries then), and
 * its click handler for cross-filters (absent when cross-filters are off).
 */
export function useChartFilters(chartId: number | undefined, title: string) {
  const masks = useContext(MaskContext);
  const store = useContext(StoreContext);
  const mask = chartId !== undefined ? masks?.[chartId] : undefined;
  const key = JSON.stringify(mask?.extraFormData ?? {});
  const extraFormData = useMemo(() => (mask ? mask.extraFormData : undefined), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const crossEnabled = (useSnapshot(store?.state ?? OFF) as { crossFiltersEnabled: boolean }).crossFiltersEnabled;
  const names = useNames(store);
  const toggle = useCallback((hits: { col: string; value: unknown }[]) => store?.toggleCross(chartId!, title, hits), [store, chartId, title]);
  const emitCross = store && crossEnabled && chartId !== undefined ? toggle : undefined;
  // one object while the mask and the names stay the same: the chart's memoised header then skips a chart's re-renders
  const header = useMemo(() => {
    const named = (ids: string[] = []) => ids.map((id) => names[id] ?? id);
    return { applied: named(mask?.applied), incompatible: named(mask?.incompatible), outOfScope: named(mask?.outOfScope) };
  }, [mask, names]);
  return {
    extraFormData, maskKey: key, applied: mask?.applied ?? [], incompatible: mask?.incompatible ?? [], outOfScope: mask?.outOfScope ?? [],
    names: header, emitCross,
  };
}

const NO_FILTERS = proxy({ filters: [] as FiltersState["filters"], cross: {} as FiltersState["cross"] });

/** Filter ids and cross-filtering chart ids → what the chart header's indicator calls them. */
function useNames(store: FiltersStore | null): Record<string, string> {
  const snap = useSnapshot(store?.state ?? NO_FILTERS) as Pick<FiltersState, "filters" | "cross">;
  return useMemo(() => ({
    ...Object.fromEntries(snap.filters.map((f) => [f.id, "name" in f ? f.name : f.title])),
    ...Object.fromEntries(Object.entries(snap.cross).map(([id, c]) => [id, `${c.chartTitle}: ${String(c.mask.filterState.label)}`])),
  }), [snap.filters, snap.cross]);
}
