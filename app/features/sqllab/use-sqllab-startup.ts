import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { RootData } from "../../root";
import { setCsrfToken } from "./api";
import { startAsyncEvents } from "./async-events";
import type { SqlLabConfig } from "./store";
import { startSync } from "./sync";
import { loadSqlLab } from "./tab-actions";

/**
 * Starts SQL Lab once per mount: the CSRF token for writes, the async event listener, the tabs (server
 * merged with local storage), the sync loop, then whatever the address asked to open as a new tab.
 */
export function useSqlLabStartup(config: SqlLabConfig, openRequests: () => Promise<void>) {
  const root = useRouteLoaderData<RootData>("root");
  const started = useRef(false);
  const open = useRef(openRequests);
  open.current = openRequests;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setCsrfToken(root?.csrfToken ?? null);
    startAsyncEvents();
    let stop = () => {};
    void loadSqlLab(config).then(async () => {
      stop = startSync();
      await open.current();
    });
    return () => stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
