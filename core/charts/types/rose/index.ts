import type { ChartModel, ChartPropsInput, ChartType, ControlPanel } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS, themeColors } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { buildHorizonQuery } from "../horizon/build-query";
import { seriesRows } from "../horizon";

// Superset's Nightingale rose (legacy Rose): one sector per time period, clockwise from 12 o'clock, and in each
// sector the series stacked outwards from the centre in series order, the radius linear in the running sum (or,
// with "Use Area Proportions", its square root, so a petal's area reads as its value). Drawn as a Chart.js
// polar area with one dataset per series holding the running sums: the outermost is painted first and each
// inner one over it, which leaves each series its own ring.

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "granularity_sqla", type: "ColumnControl", label: "Time Column", validators: [{ kind: "nonEmpty" }], description: "The time column: one sector per period." },
        c.timeGrain(), c.metrics(), c.adhocFilters(), c.groupby({ label: "Dimensions" }), c.seriesLimit(), c.seriesLimitMetric(), c.orderDesc(), c.rowLimit({ default: 10000 }),
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.colorScheme(),
        c.numberFormat("number_format", "Number format"),
        c.timeFormat("date_time_format", "Date Time Format"),
        c.checkbox("rich_tooltip", "Rich Tooltip", true, "The rich tooltip shows a list of all series for that point in time"),
        c.checkbox("rose_area_proportion", "Use Area Proportions", false, "Check if the Rose Chart should use segment area instead of segment radius for proportioning"),
      ],
    },
  ],
};

function transformProps(input: ChartPropsInput): ChartModel {
  const { formData, theme } = input;
  if (!rowsOf(input).length) return emptyModel();
  const { times, names, values } = seriesRows(input, { ...formData, x_axis: formData.x_axis || formData.granularity_sqla });
  const area = formData.rose_area_proportion === true;
  // running sums over the series, per period: series k reaches out to the sum of series 0..k
  const running = names.map(() => times.map(() => 0));
  times.forEach((_, t) => {
    let sum = 0;
    names.forEach((_, k) => {
      sum += Math.max(0, values[k][t] ?? 0);
      running[k][t] = sum;
    });
  });
  const colorFn = colorFnFromFormData(formData);
  const timeText = getTimeFormatter(typeof formData.date_time_format === "string" ? formData.date_time_format : "smart_date");
  const valueText = getNumberFormatter(typeof formData.number_format === "string" ? formData.number_format : undefined);
  const colors = themeColors(theme);
  return {
    kind: "chartjs",
    type: "polarArea",
    data: {
      labels: times.map((t) => timeText(t)),
      datasets: names.map((name, k) => ({
        label: name,
        data: running[k].map((v) => (area ? Math.sqrt(v) : v)),
        values: values[k],
        backgroundColor: colorFn(name),
        borderColor: theme?.dark ? "#1a1b1e" : "#ffffff",
        borderWidth: 1,
        // Chart.js paints higher `order` first: the outermost ring first, the inner ones over it
        order: k,
      })),
    },
    options: {
      ...BASE_OPTIONS,
      interaction: formData.rich_tooltip === false ? { mode: "nearest", intersect: true } : { mode: "index", intersect: true },
      scales: { r: { beginAtZero: true, ticks: { display: false }, grid: { color: colors.grid }, angleLines: { display: false }, pointLabels: { display: false } } },
      plugins: {
        legend: {
          position: "top",
          labels: {
            color: colors.text,
            // one entry per series (a polar area's own legend lists its sectors)
            generateLabels: () => names.map((name, k) => ({ text: name, fillStyle: colorFn(name), strokeStyle: colorFn(name), lineWidth: 0, datasetIndex: k, fontColor: colors.text })),
          },
          onClick: () => undefined,
        },
        tooltip: {
          callbacks: {
            title: (items: { dataIndex: number }[]) => timeText(times[items[0]?.dataIndex ?? 0]),
            label: (item: { datasetIndex: number; dataIndex: number }) => `${names[item.datasetIndex]}: ${valueText(values[item.datasetIndex][item.dataIndex])}`,
          },
        },
      },
    },
  };
}

export const rose: ChartType = {
  metadata: {
    name: "Nightingale Rose Chart",
    category: "Part of a Whole",
    description: "A polar coordinate chart where the circle is broken into wedges of equal angle, and the value represented by any wedge is illustrated by its area, rather than its radius or sweep angle.",
    tags: ["Legacy", "Advanced-Analytics", "Circular", "Multi-Layers", "Pattern", "Time", "Trend"],
  },
  controlPanel,
  buildQuery: buildHorizonQuery,
  transformProps,
};
