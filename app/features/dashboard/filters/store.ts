import { proxy, ref } from "valtio";
import type { Layout } from "../../../../core/dashboards/layout";
import { datasourceKey } from "../../../../core/charts/query/build-query-context";
import { crossFilterMaskOf, defaultValue, filterMask, missingRequired, type FilterValue } from "../../../../core/dashboards/filters/mask";
import { chartMasks, type ChartInfo, type ChartMask } from "../../../../core/dashboards/filters/scope";
import type { FilterBarOrientation, FilterSetup } from "../../../../core/dashboards/filters/setup";
import { isNativeFilter, type DataMask, type FilterConfigItem, type NativeFilter } from "../../../../core/dashboards/filters/types";
import { restoreDataMask } from "../../../../core/dashboards/filters/filter-state";

// The one valtio store of a dashboard's filters: the configuration, the values being chosen (pending) and
// those applied, and the cross-filters charts emitted. Applied values start as the configured defaults, so
// charts query with them at once and never wait for a filter's value list.

/** What the store needs of a dashboard chart (DashboardChartData; not imported, as the chart imports this store). */
interface DashboardChartData {
  id: number;
  slice_name: string;
  form_data: Record<string, unknown>;
}

export interface FiltersState {
  filters: FilterConfigItem[];
  crossFiltersEnabled: boolean;
  crossScopes: FilterSetup["crossFilters"];
  pending: Record<string, FilterValue>;
  applied: Record<string, FilterValue>;
  /** cross-filters by emitting chart id, with the chart's title for the bar */
  cross: Record<string, { mask: DataMask[string]; chartTitle: string }>;
  collapsed: boolean;
  orientation: FilterBarOrientation;
  layout: Layout;
  charts: ChartInfo[];
}

export type FiltersStore = ReturnType<typeof createFiltersStore>;

const defaultsOf = (filters: FilterConfigItem[]) =>
  Object.fromEntries(filters.filter(isNativeFilter).map((f) => [f.id, defaultValue(f)]));

export function chartInfos(charts: Record<string, DashboardChartData>): ChartInfo[] {
  return Object.values(charts).map((c) => {
    const key = datasourceKey(c.form_data.datasource);
    return { id: c.id, datasetId: Number.isSafeInteger(key.id) ? key.id : null };
  });
}

/** A stored data mask's values and cross-filters, or null when it cannot be read. */
function restore(text: string | null, filters: FilterConfigItem[], charts: Record<string, DashboardChartData>) {
  if (!text) return null;
  try {
    const { applied, cross } = restoreDataMask(text, filters.map((f) => f.id), Object.values(charts).map((c) => c.id));
    const crossEntries = Object.fromEntries(Object.entries(cross).map(([id, m]) => [id, {
      mask: { id, extraFormData: m.extraFormData, filterState: m.filterState } as DataMask[string], chartTitle: charts[id]?.slice_name ?? id,
    }]));
    return { applied, cross: crossEntries };
  } catch {
    return null;
  }
}

export function createFiltersStore(setup: FilterSetup, layout: Layout, charts: Record<string, DashboardChartData>, stored: string | null = null) {
  const restored = restore(stored, setup.filters, charts);
  const defaults = { ...defaultsOf(setup.filters), ...(restored?.applied as Record<string, FilterValue> | undefined) };
  const state = proxy<FiltersState>({
    filters: setup.filters,
    crossFiltersEnabled: setup.crossFilters.enabled,
    crossScopes: setup.crossFilters,
    pending: { ...defaults },
    applied: { ...defaults },
    cross: restored?.cross ?? {},
    collapsed: false,
    orientation: setup.orientation,
    layout: ref(layout),
    charts: ref(chartInfos(charts)),
  });
  return {
    state,
    /** whether a stored data mask was read (a shared link's filters) */
    restored: restored !== null,
    setPending(id: string, value: FilterValue) {
      state.pending[id] = value;
    },
    /**
     * A "select first value by default" filter's first option: chosen and applied at once (as Superset does),
     * unless the viewer already holds a value for it.
     */
    applyFirst(id: string, value: FilterValue) {
      const empty = (v: FilterValue | undefined) => v === null || v === undefined || (Array.isArray(v) && !v.length);
      if (empty(state.pending[id])) state.pending[id] = value;
      if (empty(state.applied[id])) state.applied[id] = value;
    },
    /** The required filters still without a value (Apply is refused while any is left). */
    missing(): NativeFilter[] {
      return state.filters.filter(isNativeFilter).filter((f) => missingRequired(f, state.pending[f.id] ?? null));
    },
    apply() {
      state.applied = { ...state.pending };
    },
    clearAll() {
      const cleared = Object.fromEntries(state.filters.filter(isNativeFilter).map((f) => [f.id, null]));
      state.pending = { ...cleared };
      state.applied = { ...cleared };
      state.cross = {};
    },
    /** A chart's click: the same value again removes its cross-filter, another value replaces it. */
    toggleCross(chartId: number, chartTitle: string, hits: { col: string; value: unknown }[]) {
      if (!state.crossFiltersEnabled) return;
      const key = String(chartId);
      const mask = crossFilterMaskOf(chartId, hits);
      const same = state.cross[key]?.mask.filterState.label === mask.filterState.label;
      if (same) delete state.cross[key];
      else state.cross[key] = { mask, chartTitle };
    },
    removeCross(chartId: string) {
      delete state.cross[chartId];
    },
    /** After the configuration modal saved: new filters start from their defaults, kept ones keep their values. */
    replaceFilters(filters: FilterConfigItem[]) {
      const defaults = defaultsOf(filters);
      const keep = (values: Record<string, FilterValue>) =>
        Object.fromEntries(Object.keys(defaults).map((id) => [id, id in values ? values[id] : defaults[id]]));
      state.pending = keep(state.pending);
      state.applied = keep(state.applied);
      state.filters = filters;
    },
  };
}

/** The applied data mask: every native filter's mask and every cross-filter. */
export function appliedDataMask(s: Pick<FiltersState, "filters" | "applied" | "cross">): DataMask {
  const mask: DataMask = {};
  for (const f of s.filters) if (isNativeFilter(f)) mask[f.id] = filterMask(f, s.applied[f.id] ?? null);
  for (const [id, c] of Object.entries(s.cross)) mask[id] = c.mask as DataMask[string];
  return mask;
}

export function masksOf(s: FiltersState): Record<number, ChartMask> {
  return chartMasks(s.layout, s.charts, s.filters as FilterConfigItem[], appliedDataMask(s), {
    enabled: s.crossFiltersEnabled, scopes: s.crossScopes.scopes, global: s.crossScopes.global,
  });
}

/** Pending values differ from the applied ones (the bar's "Apply filters" lights up). */
export function hasPendingChanges(s: Pick<FiltersState, "pending" | "applied">): boolean {
  const keys = new Set([...Object.keys(s.pending), ...Object.keys(s.applied)]);
  return [...keys].some((k) => JSON.stringify(s.pending[k] ?? null) !== JSON.stringify(s.applied[k] ?? null));
}
