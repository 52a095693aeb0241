import { useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import { listUrlSearch, nextSort, parseListUrlState, type ListUrlState, type ListViewConfig } from "../../../core/lists/list-url-state";

// A list page's filters, sort, page and view mode, read from and written to the address (so reload, back
// and forward restore them). Any filter or sort change goes back to page 1, as Superset's ListView does.
// While a change of this page's address is loading, the state is the one being loaded: a user who clears the
// filters and types a search at once builds on the cleared filters, not on the address still shown.

export function useListUrlState(config: ListViewConfig) {
  const [shown, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const search = pending?.pathname === pathname ? pending.search : `?${shown.toString()}`;
  const state = useMemo(() => parseListUrlState(new URLSearchParams(search), config), [search, config]);
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
