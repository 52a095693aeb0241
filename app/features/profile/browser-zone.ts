import { useEffect } from "react";
import { apiCall } from "../../components/api-call";

// A user whose zone was never set gets the browser's, once: the first signed-in page sends it. Later changes
// are the user's own, on the profile page; a browser in another zone does not overwrite them.
let sent = false;

/** `zone`: the user's saved zone (null: never set); undefined when there is no user record to set it on. */
export function useBrowserZoneDefault(zone: string | null | undefined, csrfToken: string | null) {
  useEffect(() => {
    if (zone !== null || sent) return;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browserZone) return;
    sent = true;
    void apiCall("PUT", "/api/v1/me/", csrfToken, { time_zone: browserZone });
  }, [zone, csrfToken]);
}
