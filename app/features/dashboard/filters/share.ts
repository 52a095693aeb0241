import rison from "rison";
import { subscribe } from "valtio";
import { apiCall } from "../../../components/api-call";
import { MAX_RISON_LENGTH } from "../../../../core/http/rison-guard";
import { appliedDataMask, type FiltersStore } from "./store";

// Shareable filter state: each applied change of the data mask is stored with POST/PUT
// /api/v1/dashboard/{pk}/filter_state and its key put in the URL as `native_filters_key`, so a reload or a
// shared link opens with the same filters while the URL stays short.
// The store answers a moment after "Apply" (the save waits 300 ms for more changes, then a round trip), so the
// address first carries the applied mask itself as Superset's `?native_filters=` rison: a reload or a copied
// link in that window opens with what is shown as applied, never with the previous state.

export function persistFilterState(store: FiltersStore, dashboardId: number, csrfToken: string | null, initialKey: string | null): () => void {
  let key = initialKey;
  let addressed = JSON.stringify(appliedDataMask(store.state));
  let saved = addressed;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    const value = JSON.stringify(appliedDataMask(store.state));
    if (value === saved) return;
    saved = value;
    let res = key ? await apiCall<{ key: string }>("PUT", `/api/v1/dashboard/${dashboardId}/filter_state/${encodeURIComponent(key)}`, csrfToken, { value }) : null;
    // another user's key (a shared link) or an expired one: this viewer gets a key of their own
    if (!res?.ok) res = await apiCall<{ key: string }>("POST", `/api/v1/dashboard/${dashboardId}/filter_state`, csrfToken, { value });
    if (!res.ok) {
      saved = "";
      return;
    }
    key = res.body.key;
    // a newer apply while this one was saved keeps its own address until its own save answers
    if (value === addressed) writeAddress({ native_filters_key: key, native_filters: null });
  };
  const unsubscribe = subscribe(store.state, () => {
    const value = JSON.stringify(appliedDataMask(store.state));
    if (value === addressed) return;
    addressed = value;
    const mask = rison.encode(JSON.parse(value));
    // a mask too long for an address (thousands of values) waits for its key instead
    if (mask.length <= MAX_RISON_LENGTH) writeAddress({ native_filters: mask, native_filters_key: null });
    clearTimeout(timer);
    timer = setTimeout(() => void save(), 300);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

function writeAddress(params: Record<string, string | null>) {
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(params)) {
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
