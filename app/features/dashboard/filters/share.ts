import { subscribe } from "valtio";
import { apiCall } from "../../../components/api-call";
import { appliedDataMask, type FiltersStore } from "./store";

// Shareable filter state: each applied change of the data mask is stored with POST/PUT
// /api/v1/dashboard/{pk}/filter_state and its key put in the URL as `native_filters_key`, so a reload or a
// shared link opens with the same filters while the URL stays short.

export function persistFilterState(store: FiltersStore, dashboardId: number, csrfToken: string | null, initialKey: string | null): () => void {
  let key = initialKey;
  let last = JSON.stringify(appliedDataMask(store.state));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    const value = JSON.stringify(appliedDataMask(store.state));
    if (value === last) return;
    last = value;
    let res = key ? await apiCall<{ key: string }>("PUT", `/api/v1/dashboard/${dashboardId}/filter_state/${encodeURIComponent(key)}`, csrfToken, { value }) : null;
    // another user's key (a shared link) or an expired one: this viewer gets a key of their own
    if (!res?.ok) res = await apiCall<{ key: string }>("POST", `/api/v1/dashboard/${dashboardId}/filter_state`, csrfToken, { value });
    if (!res.ok) return;
    key = res.body.key;
    const url = new URL(window.location.href);
    url.searchParams.set("native_filters_key", key);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  };
  const unsubscribe = subscribe(store.state, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void save(), 300);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
