// The dashboard page's view options from its address: `standalone` 0 none, 1 hide the navigation,
// 2 hide the navigation and the title, 3 report mode (also no chart controls); `uiConfig` is a bit field:
// 1 hides the title, 2 the top-level tabs bar, 4 the navigation, 8 the chart controls. `focused_chart` names a
// chart to scroll to (its tab is opened first). Anything unparsable counts as absent.

export const UI_CONFIG = { HIDE_TITLE: 1, HIDE_TAB: 2, HIDE_NAV: 4, HIDE_CHART_CONTROLS: 8 } as const;
export const STANDALONE = { NONE: 0, HIDE_NAV: 1, HIDE_NAV_AND_TITLE: 2, REPORT: 3 } as const;

export interface DashboardViewOptions {
  hideNav: boolean;
  hideTitle: boolean;
  hideTab: boolean;
  hideChartControls: boolean;
  focusedChart: number | null;
}

const intParam = (params: URLSearchParams, name: string): number | null => {
  const v = params.get(name);
  return v !== null && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : null;
};

export function dashboardViewOptions(search: string): DashboardViewOptions {
  const params = new URLSearchParams(search);
  const standalone = intParam(params, "standalone") ?? 0;
  const ui = intParam(params, "uiConfig") ?? 0;
  const mode = standalone >= STANDALONE.HIDE_NAV && standalone <= STANDALONE.REPORT ? standalone : 0;
  return {
    hideNav: mode >= STANDALONE.HIDE_NAV || (ui & UI_CONFIG.HIDE_NAV) !== 0,
    hideTitle: mode >= STANDALONE.HIDE_NAV_AND_TITLE || (ui & UI_CONFIG.HIDE_TITLE) !== 0,
    hideTab: (ui & UI_CONFIG.HIDE_TAB) !== 0,
    hideChartControls: mode === STANDALONE.REPORT || (ui & UI_CONFIG.HIDE_CHART_CONTROLS) !== 0,
    focusedChart: intParam(params, "focused_chart"),
  };
}

/**
 * Whether a page's address hides the top navigation: `standalone` 1–3 (any other value, such as Explore's
 * `standalone=true`, also counts, as Explore treats any value as standalone) or uiConfig's navigation bit.
 * `standalone=0` keeps the navigation.
 */
export function hidesNavigation(search: string): boolean {
  return isStandalone(search) || dashboardViewOptions(search).hideNav;
}

/** Superset's `standalone` parameter set (any value but 0 / false): the page without the app's navigation. */
export function isStandalone(search: string): boolean {
  const standalone = new URLSearchParams(search).get("standalone");
  return standalone !== null && standalone.trim() !== "0" && standalone.trim() !== "false";
}
