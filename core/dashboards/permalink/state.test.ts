import { expect, test } from "vitest";
import { ApiError } from "../../http/errors";
import { parseDashboardPermalinkBody, permalinkTarget } from "./state";

test("a permalink body keeps the data mask, tabs, anchor and URL parameters; every field may be left out", () => {
  const mask = { "NATIVE_FILTER-a": { extraFormData: { filters: [{ col: "g", op: "IN", val: ["boy"] }] }, filterState: { value: ["boy"] } } };
  expect(parseDashboardPermalinkBody({ dataMask: mask, activeTabs: ["TAB-1"], anchor: "CHART-x", urlParams: [["standalone", "1"], ["n", 2]] }))
    .toEqual({ dataMask: mask, activeTabs: ["TAB-1"], anchor: "CHART-x", urlParams: [["standalone", "1"], ["n", "2"]] });
  expect(parseDashboardPermalinkBody({})).toEqual({ dataMask: null, activeTabs: null, anchor: null, urlParams: null });
});

test("bad permalink bodies are field errors as Marshmallow reports them", () => {
  const fields = (body: Record<string, unknown>) => {
    try {
      parseDashboardPermalinkBody(body);
    } catch (e) {
      return (e as ApiError).fieldErrors;
    }
    return null;
  };
  expect(fields({ dataMask: [1], activeTabs: "TAB", anchor: 3, urlParams: [["a"]], other: 1 })).toEqual({
    dataMask: ["Not a valid mapping type."], activeTabs: ["Not a valid list of strings."], anchor: ["Not a valid string."],
    urlParams: ["Must be a list of [key, value] pairs."], other: ["Unknown field."],
  });
});

test("the permalink page goes to the dashboard with its parameters, the key and the anchor", () => {
  const state = { dataMask: null, activeTabs: null, anchor: "TAB-2", urlParams: [["standalone", "1"], ["permalink_key", "x"]] as [string, string][] };
  expect(permalinkTarget(7, "abcdEFGH12", state)).toBe("/superset/dashboard/7/?standalone=1&permalink_key=abcdEFGH12#TAB-2");
  expect(permalinkTarget("sales", "abcdEFGH12", { ...state, anchor: null, urlParams: null })).toBe("/superset/dashboard/sales/?permalink_key=abcdEFGH12");
});
