import { expect, test } from "vitest";
import { parseLayout } from "../layout";
import { maskOfNativeFiltersParam, openingTabs } from "./url-state";

const layout = parseLayout({
  ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["TABS-1"] },
  "TABS-1": { type: "TABS", id: "TABS-1", children: ["TAB-a", "TAB-b"], meta: {} },
  "TAB-a": { type: "TAB", id: "TAB-a", children: ["TABS-2"], meta: { text: "A" } },
  "TABS-2": { type: "TABS", id: "TABS-2", children: ["TAB-a1", "TAB-a2"], meta: {} },
  "TAB-a1": { type: "TAB", id: "TAB-a1", children: [], meta: { text: "A1" } },
  "TAB-a2": { type: "TAB", id: "TAB-a2", children: [], meta: { text: "A2" } },
  "TAB-b": { type: "TAB", id: "TAB-b", children: ["CHART-1"], meta: { text: "B" } },
  "CHART-1": { type: "CHART", id: "CHART-1", children: [], meta: { chartId: 1 } },
});

test("?native_filters= rison becomes the data mask; anything but a rison object is refused", () => {
  expect(JSON.parse(maskOfNativeFiltersParam("(NATIVE_FILTER-a:(extraFormData:(filters:!((col:g,op:IN,val:!(boy)))),filterState:(value:!(boy))))")!))
    .toEqual({ "NATIVE_FILTER-a": { extraFormData: { filters: [{ col: "g", op: "IN", val: ["boy"] }] }, filterState: { value: ["boy"] } } });
  expect(maskOfNativeFiltersParam("!(1,2)")).toBeNull();
  expect(maskOfNativeFiltersParam("(a:")).toBeNull();
});

test("a permalink's active tabs open, unknown tabs are ignored, and the anchor wins", () => {
  expect(openingTabs(layout, null, null)).toEqual({ "TABS-1": "TAB-a", "TABS-2": "TAB-a1" });
  expect(openingTabs(layout, ["TAB-a2", "TAB-gone"], null)).toEqual({ "TABS-1": "TAB-a", "TABS-2": "TAB-a2" });
  expect(openingTabs(layout, ["TAB-a2"], "CHART-1")).toEqual({ "TABS-1": "TAB-b", "TABS-2": "TAB-a2" });
});
