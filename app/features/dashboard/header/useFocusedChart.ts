import { useEffect } from "react";
import { activeTabs, walk, type Layout } from "../../../../core/dashboards/layout";

// Superset's focused_chart: the dashboard opens the tabs that hold the chart, scrolls it into view and
// outlines it for a moment (a shared chart link lands on the chart, not on the top of the dashboard).

export function useFocusedChart(layout: Layout, chartId: number | null, setActive: (tabs: Record<string, string>) => void): void {
  useEffect(() => {
    if (chartId === null) return;
    const component = walk(layout).find((c) => c.type === "CHART" && c.meta.chartId === chartId);
    if (!component) return;
    setActive(activeTabs(layout, component.id));
    const timer = window.setTimeout(() => {
      const el = document.querySelector<HTMLElement>(`[data-testid="dashboard-chart"][data-chart-id="${chartId}"]`);
      if (!el) return;
      el.scrollIntoView({ block: "center" });
      el.dataset.focused = "true";
      window.setTimeout(() => delete el.dataset.focused, 3000);
    }, 50);
    return () => window.clearTimeout(timer);
  }, [layout, chartId]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Page-level rules of the view options: the hidden top-level tabs bar (uiConfig 2) and the focused outline. */
export const VIEW_MODE_CSS = `
[data-hide-tab] > [data-testid="dashboard-tabs"] > [role="tablist"] { display: none; }
[data-testid="dashboard-chart"][data-focused] { outline: 2px solid var(--mantine-color-teal-5); outline-offset: 2px; }
`;
