import { scopedDashboardCss } from "../../../../core/dashboards/css";

// The dashboard's CSS in the page: sanitised (no `<`, so it cannot close its style element; no @import or
// script-like values) and scoped to the dashboard's root element (core/dashboards/css.ts).

export function DashboardCss({ css }: { css: string }) {
  const text = scopedDashboardCss(css);
  return text ? <style data-testid="dashboard-css" dangerouslySetInnerHTML={{ __html: text }} /> : null;
}
