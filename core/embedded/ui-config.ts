// The embedded page's options, as the embedded SDK writes them into the iframe's address: `uiConfig` is a bit
// field (1 hide the title, 2 the top-level tabs bar, 4 the navigation, 8 the chart controls, 16 emit data masks
// to the host, 32 show the row-limit warning), `show_filters` / `expand_filters` come from
// dashboardUiConfig.filters.visible / .expanded, and every other parameter is the host's urlParams, handed on
// to the dashboard as Superset does (permalink_key, native_filters, ...). Anything unparsable counts as absent.

export const EMBEDDED_UI_CONFIG = {
  HIDE_TITLE: 1, HIDE_TAB: 2, HIDE_NAV: 4, HIDE_CHART_CONTROLS: 8, EMIT_DATA_MASKS: 16, SHOW_ROW_LIMIT_WARNING: 32,
} as const;

export interface EmbeddedUiConfig {
  hideTitle: boolean;
  hideTab: boolean;
  hideNav: boolean;
  hideChartControls: boolean;
  emitDataMasks: boolean;
  showRowLimitWarning: boolean;
  /** the filter bar is shown (true unless show_filters is false) */
  showFilters: boolean;
  /** the filter bar opens expanded (true unless expand_filters is false) */
  expandFilters: boolean;
  /** the host's own parameters (everything but the ones above) */
  urlParams: Record<string, string>;
}

const OWN_PARAMS = new Set(["uiConfig", "show_filters", "expand_filters"]);

/** A boolean parameter: URLSearchParams turns true/false into "true"/"false"; 0/1 are accepted too. */
function flag(value: string | null, fallback: boolean): boolean {
  if (value === null) return fallback;
  const v = value.trim().toLowerCase();
  if (v === "false" || v === "0") return false;
  if (v === "true" || v === "1") return true;
  return fallback;
}

export function embeddedUiConfig(search: string): EmbeddedUiConfig {
  const params = new URLSearchParams(search);
  const raw = params.get("uiConfig")?.trim() ?? "";
  const bits = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const has = (bit: number) => (bits & bit) !== 0;
  const urlParams: Record<string, string> = {};
  for (const [key, value] of params) if (!OWN_PARAMS.has(key)) urlParams[key] = value;
  return {
    hideTitle: has(EMBEDDED_UI_CONFIG.HIDE_TITLE),
    hideTab: has(EMBEDDED_UI_CONFIG.HIDE_TAB),
    hideNav: has(EMBEDDED_UI_CONFIG.HIDE_NAV),
    hideChartControls: has(EMBEDDED_UI_CONFIG.HIDE_CHART_CONTROLS),
    emitDataMasks: has(EMBEDDED_UI_CONFIG.EMIT_DATA_MASKS),
    showRowLimitWarning: has(EMBEDDED_UI_CONFIG.SHOW_ROW_LIMIT_WARNING),
    showFilters: flag(params.get("show_filters"), true),
    expandFilters: flag(params.get("expand_filters"), true),
    urlParams,
  };
}

/**
 * The CSP frame-ancestors sources of an embedded dashboard's allowed domains: none listed lets any host frame it
 * (Superset's rule); otherwise only those origins. A listed domain that is not a plain http(s) origin is dropped
 * rather than passed into the header (it could otherwise widen or break the policy).
 */
export function frameAncestors(allowedDomains: readonly string[]): string[] {
  if (allowedDomains.length === 0) return ["*"];
  const origins = new Set<string>();
  for (const domain of allowedDomains) {
    try {
      const url = new URL(domain.trim());
      if ((url.protocol === "http:" || url.protocol === "https:") && /^[A-Za-z0-9.:[\]-]+$/.test(url.host)) origins.add(url.origin);
    } catch {
      // not an origin: nothing of it reaches the header
    }
  }
  // every listed domain was unusable: only this origin may frame the page, never "anyone"
  return origins.size ? [...origins] : ["'self'"];
}

/** Whether a host page at `origin` may talk to the embedded page: any host when no domain is listed, as framing. */
export function originAllowed(origin: string, allowedDomains: readonly string[]): boolean {
  const ancestors = frameAncestors(allowedDomains);
  return ancestors[0] === "*" || ancestors.includes(origin);
}

/** The response header by which the embedded route hands its frame-ancestors to the security headers (never sent). */
export const EMBEDDED_FRAME_ANCESTORS_HEADER = "X-Embedded-Frame-Ancestors";
