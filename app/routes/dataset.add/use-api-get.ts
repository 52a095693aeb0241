import { useEffect, useState } from "react";
import { datasetCall } from "../../features/datasets/dataset-api";

export type Fetched<T> = { state: "idle" } | { state: "loading" } | { state: "done"; data: T } | { state: "failed"; message: string };

/**
 * GETs `path` whenever it changes (null: nothing to load yet). An answer that arrives after the path changed
 * again is dropped, so picking quickly through databases or tables never shows another one's data.
 */
export function useApiGet<T>(path: string | null, onError: (message: string) => void): Fetched<T> {
  const [fetched, setFetched] = useState<Fetched<T>>({ state: "idle" });
  useEffect(() => {
    if (!path) {
      setFetched({ state: "idle" });
      return;
    }
    let live = true;
    setFetched({ state: "loading" });
    datasetCall<T>("GET", path, null).then((res) => {
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
