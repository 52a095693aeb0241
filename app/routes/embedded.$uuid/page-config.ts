import type { EmbeddedConfig } from "./embedded.server";

// The embedded page's configuration (its uuid, dashboard and the hosts allowed to frame it), which the server
// writes into the document's head as a meta tag: the page's early code (the SDK's handshake, the first page data
// request) reads it before React has hydrated. It holds nothing the page does not hold anyway: no data.

export const EMBEDDED_CONFIG_META = "superset-embedded-config";

/** The configuration in the document's head; null outside an embedded page or when it does not parse. */
export function embeddedPageConfig(): EmbeddedConfig | null {
  const content = document.querySelector(`meta[name="${EMBEDDED_CONFIG_META}"]`)?.getAttribute("content");
  if (!content) return null;
  try {
    const value = JSON.parse(content) as Partial<EmbeddedConfig>;
    if (typeof value.uuid !== "string" || typeof value.dashboardId !== "number" || !Array.isArray(value.allowedDomains)) return null;
    return { uuid: value.uuid, dashboardId: value.dashboardId, allowedDomains: value.allowedDomains.filter((d): d is string => typeof d === "string") };
  } catch {
    return null;
  }
}
