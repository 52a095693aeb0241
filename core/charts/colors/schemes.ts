// Superset's colour schemes by the ids saved in form_data (color_scheme, linear_color_scheme), so an imported
// chart keeps its colours. Categorical schemes colour series and slices; sequential ones map a value to a colour.

export const DEFAULT_CATEGORICAL_SCHEME = "supersetColors";
export const DEFAULT_SEQUENTIAL_SCHEME = "superset_seq_1";

export const CATEGORICAL_SCHEMES: Record<string, { label: string; colors: string[] }> = {
  supersetColors: {
    label: "Superset Colors",
    colors: [
      "#1FA8C9", "#454E7C", "#5AC189", "#FF7F44", "#666666", "#E04355", "#FCC700", "#A868B7", "#3CCCCB", "#A38F79",
      "#8FD3E4", "#A1A6BD", "#ACE1C4", "#FEC0A1", "#B2B2B2", "#EFA1AA", "#FDE380", "#D3B3DA", "#9EE5E5", "#D1C6BC",
    ],
  },
  bnbColors: {
    label: "Airbnb Colors",
    colors: ["#29696B", "#5BCACE", "#F4B02A", "#F1826A", "#792EB2", "#C96EC6", "#921E50", "#B27700", "#9C3498", "#9C3498", "#E4679D", "#C32F0E", "#9D63CA"],
  },
  d3Category10: {
    label: "D3 Category 10",
    colors: ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"],
  },
  d3Category20: {
    label: "D3 Category 20",
    colors: [
      "#1f77b4", "#aec7e8", "#ff7f0e", "#ffbb78", "#2ca02c", "#98df8a", "#d62728", "#ff9896", "#9467bd", "#c5b0d5",
      "#8c564b", "#c49c94", "#e377c2", "#f7b6d2", "#7f7f7f", "#c7c7c7", "#bcbd22", "#dbdb8d", "#17becf", "#9edae5",
    ],
  },
  echarts4Colors: {
    label: "ECharts v4.x Colors",
    colors: ["#c23531", "#2f4554", "#61a0a8", "#d48265", "#91c7ae", "#749f83", "#ca8622", "#bda29a", "#6e7074", "#546570", "#c4ccd3"],
  },
  echarts5Colors: {
    label: "ECharts v5.x Colors",
    colors: ["#5470C6", "#91CC75", "#FAC858", "#EE6666", "#73C0DE", "#3BA272", "#FC8452", "#9A60B4", "#EA7CCC"],
  },
};

export const SEQUENTIAL_SCHEMES: Record<string, { label: string; colors: string[] }> = {
  superset_seq_1: { label: "Superset Sequential #1", colors: ["#F4FAD4", "#D7F1AC", "#A9E3AF", "#82CDBB", "#63C1BF", "#1FA8C9", "#2367AC", "#2A2D84", "#251354", "#050415"] },
  superset_seq_2: { label: "Superset Sequential #2", colors: ["#FBF1B4", "#FDD093", "#FEAD71", "#FF7F44", "#E04355", "#C53D6F", "#952B7B", "#4F167B", "#251354", "#050415"] },
  superset_div_1: { label: "Superset Diverging #1", colors: ["#E04355", "#E87180", "#EFA1AA", "#F7D0D4", "#F6F6F7", "#C8E9F1", "#8FD3E4", "#58BDD7", "#1FA8C9"] },
  blue_white_yellow: { label: "blue/white/yellow", colors: ["#00d1c1", "white", "#ffb400"] },
  fire: { label: "fire", colors: ["white", "yellow", "red", "black"] },
  white_black: { label: "white/black", colors: ["white", "black"] },
  black_white: { label: "black/white", colors: ["black", "white"] },
  dark_blue: { label: "dark blues", colors: ["#EBF5F8", "#6BB1CC", "#357E9B", "#1B4150", "#092935"] },
  greens: { label: "greens", colors: ["#ffffcc", "#78c679", "#006837"] },
  purples: { label: "purples", colors: ["#f2f0f7", "#9e9ac8", "#54278f"] },
  oranges: { label: "oranges", colors: ["#fef0d9", "#fc8d59", "#b30000"] },
  red_yellow_blue: { label: "red/yellow/blue", colors: ["#d7191c", "#fdae61", "#ffffbf", "#abd9e9", "#2c7bb6"] },
  echarts_gradient: { label: "ECharts gradient", colors: ["#f6EFA6", "#D88273", "#BF444C"] },
};

export function categoricalColors(scheme?: unknown): string[] {
  // the scheme's name is the chart's form data: own entries only (a scheme named constructor is no scheme)
  const found = typeof scheme === "string" && Object.hasOwn(CATEGORICAL_SCHEMES, scheme) ? CATEGORICAL_SCHEMES[scheme] : undefined;
  return (found ?? CATEGORICAL_SCHEMES[DEFAULT_CATEGORICAL_SCHEME]).colors;
}

const NAMED: Record<string, [number, number, number]> = { white: [255, 255, 255], black: [0, 0, 0], yellow: [255, 255, 0], red: [255, 0, 0] };

function rgb(color: string): [number, number, number] {
  if (Object.hasOwn(NAMED, color)) return NAMED[color];
  const hex = color.replace("#", "");
  const full = hex.length === 3 ? hex.split("").map((c) => c + c).join("") : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, "0");

/** Sequential scheme as a function of t in [0, 1]: linear in RGB between the scheme's evenly spaced stops. */
export function sequentialColor(scheme?: unknown): (t: number) => string {
  const found = typeof scheme === "string" && Object.hasOwn(SEQUENTIAL_SCHEMES, scheme) ? SEQUENTIAL_SCHEMES[scheme] : undefined;
  const stops = (found ?? SEQUENTIAL_SCHEMES[DEFAULT_SEQUENTIAL_SCHEME]).colors.map(rgb);
  return (t) => {
    const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (stops.length - 1);
    const i = Math.min(stops.length - 2, Math.floor(x));
    const f = x - i;
    const [a, b] = [stops[i], stops[i + 1]];
    return `#${[0, 1, 2].map((k) => hex2(a[k] + (b[k] - a[k]) * f)).join("")}`;
  };
}

/** "#1FA8C9" with alpha 0.5 → "rgba(31,168,201,0.5)"; area fills and translucent markers use it. */
export function withAlpha(color: string, alpha: number): string {
  const [r, g, b] = rgb(color);
  return `rgba(${r},${g},${b},${alpha})`;
}

/** "#ACE1C4" at 0.5 → "#ACE1C480": a hex colour with an alpha byte (Superset's addAlpha). */
export const addAlpha = (color: string, alpha: number) => `${color}${Math.round(alpha * 255).toString(16).padStart(2, "0")}`;
