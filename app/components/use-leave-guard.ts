import { useCallback } from "react";
import { useBeforeUnload, useBlocker } from "@remix-run/react";

/**
 * Unsaved edits are not lost by leaving: while `dirty`, closing or reloading the tab gets the browser's own prompt
 * (browsers show their own text, never ours), and a navigation to another page is blocked until the caller's
 * dialog resolves it (blocker.proceed / blocker.reset).
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!dirty) return;
        event.preventDefault();
        event.returnValue = "";
      },
      [dirty],
    ),
  );
  return blocker;
}
