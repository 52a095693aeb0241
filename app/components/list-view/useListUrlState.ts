import { useSearchParams } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import { listUrlSearch, nextSort, parseListUrlState, type ListUrlState, type ListViewConfig } from "../../../core/lists/list-url-state";

// A list page's filters, sort, page and view mode, read from and written to the address (so reload, back
// and forward restore them). Any filter or sort change goes back to page 1, as Superset's ListView does.

export function useListUrlState(config: ListViewConfig) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListUrlState(params, config), [params, config]);
  const go = useCallback((next: ListUrlState) => setParams(listUrlSearch(next, config)), [setParams, config]);
  return {
    state,
    setFilter: (key: string, value: string | null) => {
      const filters = { ...state.filters };
      if (value === null || value === "") delete filters[key];
      else filters[key] = value;
      go({ ...state, filters, page: 1 });
    },
    clearFilters: () => go({ ...state, filters: {}, page: 1 }),
    sortBy: (column: string) => go({ ...state, sort: nextSort(state.sort, column), page: 1 }),
    setPage: (page: number) => go({ ...state, page }),
    setView: (view: string) => go({ ...state, view }),
  };
}

export type ListUrlControls = ReturnType<typeof useListUrlState>;
