import { expect, test } from "vitest";
import { embeddedUiConfig, frameAncestors, originAllowed } from "./ui-config";

test("uiConfig's bits, as the SDK adds them up", () => {
  // hideTitle 1 + hideTab 2 + hideChartControls 8 + emitDataMasks 16
  const c = embeddedUiConfig("?uiConfig=27");
  expect(c).toMatchObject({ hideTitle: true, hideTab: true, hideNav: false, hideChartControls: true, emitDataMasks: true, showRowLimitWarning: false });
  expect(embeddedUiConfig("?uiConfig=32").showRowLimitWarning).toBe(true);
  expect(embeddedUiConfig("?uiConfig=abc")).toMatchObject({ hideTitle: false, emitDataMasks: false });
  expect(embeddedUiConfig("")).toMatchObject({ hideTitle: false, hideTab: false, showFilters: true, expandFilters: true, urlParams: {} });
});

test("filters.visible / expanded arrive as show_filters / expand_filters; the rest are the host's urlParams", () => {
  const c = embeddedUiConfig("?uiConfig=1&show_filters=false&expand_filters=false&native_filters_key=abc&tenant=7");
  expect(c.showFilters).toBe(false);
  expect(c.expandFilters).toBe(false);
  expect(c.urlParams).toEqual({ native_filters_key: "abc", tenant: "7" });
  expect(embeddedUiConfig("?show_filters=true&expand_filters=0")).toMatchObject({ showFilters: true, expandFilters: false });
  expect(embeddedUiConfig("?show_filters=maybe").showFilters).toBe(true);
});

test("frame-ancestors: none listed lets anyone frame, else only the listed origins, never anything else", () => {
  expect(frameAncestors([])).toEqual(["*"]);
  expect(frameAncestors(["https://app.example.com/some/path", "http://localhost:4100"])).toEqual(["https://app.example.com", "http://localhost:4100"]);
  expect(frameAncestors(["https://a.example", "https://a.example/"])).toEqual(["https://a.example"]);
  // a domain that is not an origin (or tries to add a directive) never widens the policy
  expect(frameAncestors(["javascript:alert(1)", "https://x.example; script-src *"])).toEqual(["'self'"]);
  expect(frameAncestors(["not a url", "https://ok.example"])).toEqual(["https://ok.example"]);
});

test("a host may talk to the page from an allowed origin only (any, when none is listed)", () => {
  expect(originAllowed("https://evil.example", [])).toBe(true);
  expect(originAllowed("https://app.example.com", ["https://app.example.com/"])).toBe(true);
  expect(originAllowed("https://evil.example", ["https://app.example.com"])).toBe(false);
  expect(originAllowed("null", ["https://app.example.com"])).toBe(false);
});
