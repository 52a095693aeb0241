import type { ChartTheme, FormData } from "./contract";

// Chart.js option pieces the chart types share: legend placement, theme colours and axis titles from form data.

export function themeColors(theme?: ChartTheme) {
  return {
    text: theme?.textColor ?? (theme?.dark ? "#e0e0e0" : "#666666"),
    grid: theme?.gridColor ?? (theme?.dark ? "rgba(255,255,255,0.12)" : "rgba(0,0,0,0.08)"),
  };
}

/** Superset's show_legend + legendOrientation as Chart.js's legend plugin options. */
export function legendOptions(formData: FormData, theme?: ChartTheme) {
  const position = ["top", "bottom", "left", "right"].includes(String(formData.legendOrientation)) ? formData.legendOrientation : "top";
  return { display: formData.show_legend !== false, position, labels: { color: themeColors(theme).text } };
}

export const axisTitle = (text: unknown, theme?: ChartTheme) =>
  typeof text === "string" && text ? { display: true, text, color: themeColors(theme).text } : { display: false };

/** [min, max] bounds from Superset's BoundsControl ([null, null] means automatic). */
export function bounds(value: unknown): { min?: number; max?: number } {
  const [min, max] = Array.isArray(value) ? value : [];
  const out: { min?: number; max?: number } = {};
  if (min !== null && min !== undefined && min !== "" && Number.isFinite(Number(min))) out.min = Number(min);
  if (max !== null && max !== undefined && max !== "" && Number.isFinite(Number(max))) out.max = Number(max);
  return out;
}

/** What every chart's options start from: fill the container, draw at once (report emails have no time to animate). */
export const BASE_OPTIONS = { responsive: true, maintainAspectRatio: false, animation: false } as const;

/** Above this many labels an axis sizes its ticks from a sample of them, not by measuring every label. */
export const LARGE_AXIS_LABELS = 250;

/**
 * A category x-axis (no grid lines) with an optional title. With many labels (a 5,000-point line) Chart.js would
 * measure every label's text to decide which fit (and again for each rotation it tries): a sample of 100, unrotated,
 * decides as well in a fraction of the time.
 */
export const categoryAxis = (title: unknown, theme?: ChartTheme, extra: Record<string, unknown> = {}, labelCount = 0) =>
  ({ type: "category", ticks: { color: themeColors(theme).text, ...(labelCount > LARGE_AXIS_LABELS ? { sampleSize: 100, maxRotation: 0 } : {}) }, grid: { display: false }, title: axisTitle(title, theme), ...extra });

/** A value axis whose ticks read in the chart's number format. */
export const valueAxis = (format: (v: unknown) => string, title: unknown, theme?: ChartTheme, extra: Record<string, unknown> = {}) =>
  ({ ticks: { color: themeColors(theme).text, callback: (v: unknown) => format(v) }, grid: { color: themeColors(theme).grid }, title: axisTitle(title, theme), ...extra });
