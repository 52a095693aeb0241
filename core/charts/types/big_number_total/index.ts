import type { ChartModel, ChartPropsInput, ChartType, ControlPanel } from "../../contract";
import * as c from "../../controls/shared";
import { emptyModel, GENERIC_TYPE, num, rowsOf } from "../../data";
import { buildQueryContext } from "../../query/build-query-context";
import { getMetricLabel } from "../../query/labels";
import { fontSize, headlineText } from "./headline";

// One number: a single metric over the whole filtered dataset (Superset's BigNumberTotal).

const controlPanel: ControlPanel = {
  sections: [
    { label: "Query", expanded: true, controls: [c.metric(), c.adhocFilters()] },
    {
      label: "Display settings",
      expanded: true,
      controls: [
        c.text("subheader", "Subheader", ""),
        { name: "header_font_size", type: "SelectControl", label: "Big Number Font Size", default: 0.4, renderTrigger: true, choices: [[0.2, "Tiny"], [0.3, "Small"], [0.4, "Normal"], [0.5, "Large"], [0.6, "Huge"]] },
        { name: "subheader_font_size", type: "SelectControl", label: "Subheader Font Size", default: 0.15, renderTrigger: true, choices: [[0.125, "Tiny"], [0.15, "Small"], [0.2, "Normal"], [0.3, "Large"], [0.4, "Huge"]] },
        c.numberFormat(),
        c.timeFormat("time_format", "Date format"),
      ],
    },
  ],
};

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const label = getMetricLabel(formData.metric);
  const raw = rows[0][label];
  const temporal = input.queriesData[0].coltypes?.[0] === GENERIC_TYPE.TEMPORAL;
  return {
    kind: "big_number",
    value: temporal ? (typeof raw === "number" ? raw : null) : num(raw),
    headline: headlineText(raw, formData, temporal),
    subheader: typeof formData.subheader === "string" ? formData.subheader : "",
    headerFontSize: fontSize(formData.header_font_size, 0.4),
    subheaderFontSize: fontSize(formData.subheader_font_size, 0.15),
  };
}

export const bigNumberTotal: ChartType = {
  metadata: {
    name: "Big Number",
    category: "KPI",
    description:
      "Showcases a single metric front-and-center. Big number is best used to call attention to a KPI or the one thing you want your audience to focus on.",
    tags: ["Additive", "Business", "Legacy", "Percentages", "Featured", "Report"],
  },
  controlPanel,
  buildQuery: (formData) => buildQueryContext(formData),
  transformProps,
};
