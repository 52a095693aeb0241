import { useEffect, useState } from "react";
import rison from "rison";
import { datasetCall, type DatasetCallResult } from "./dataset-api";

export type Fetched<T> = { state: "idle" } | { state: "loading" } | { state: "done"; data: T } | { state: "failed"; message: string };

/**
 * GETs `path` whenever it changes (null: nothing to load yet). An answer that arrives after the path changed
 * again is dropped, so picking quickly through databases or tables never shows another one's data.
 */
export function useApiGet<T>(
  path: string | null, onError: (message: string) => void, load: (path: string) => Promise<DatasetCallResult<T>> = (p) => datasetCall<T>("GET", p, null),
): Fetched<T> {
  const [fetched, setFetched] = useState<Fetched<T>>({ state: "idle" });
  useEffect(() => {
    if (!path) {
      setFetched({ state: "idle" });
      return;
    }
    let live = true;
    setFetched({ state: "loading" });
    load(path).then((res) => {
      if (!live) return;
      if (res.ok) setFetched({ state: "done", data: res.body });
      else {
        setFetched({ state: "failed", message: res.message });
        onError(res.message);
      }
    });
    return () => {
      live = false;
    };
    // onError is a notification only: a new function identity must not fetch again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return fetched;
}

/** The API serves at most 100 rows a page (FAB_API_MAX_PAGE_SIZE, as Superset): a list wanted whole is read page by page. */
export const LIST_PAGE_SIZE = 100;

/** Every row of `GET <resource>?q=(query)`, read page after page until `count` rows have come. */
export async function allPages<R>(resource: string, query: Record<string, unknown>): Promise<DatasetCallResult<{ result: R[] }>> {
  const result: R[] = [];
  for (let page = 0; ; page++) {
    const q = encodeURIComponent(rison.encode({ ...query, page, page_size: LIST_PAGE_SIZE }));
    const res = await datasetCall<{ result: R[]; count: number }>("GET", `${resource}?q=${q}`, null);
    if (!res.ok) return res;
    result.push(...res.body.result);
    if (res.body.result.length < LIST_PAGE_SIZE || result.length >= res.body.count) return { ...res, body: { result } };
  }
}
