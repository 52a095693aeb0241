import { expect, test } from "vitest";
import { dashboardViewOptions, hidesNavigation } from "./view-options";
import { intervalLabel, refreshFrequency, refreshSchedule } from "./refresh";
import { sanitizeCss, scopedDashboardCss } from "./css";

test("standalone modes and the uiConfig bits", () => {
  const none = { hideNav: false, hideTitle: false, hideTab: false, hideChartControls: false, focusedChart: null };
  expect(dashboardViewOptions("")).toEqual(none);
  expect(dashboardViewOptions("?standalone=0")).toEqual(none);
  expect(dashboardViewOptions("?standalone=1")).toEqual({ ...none, hideNav: true });
  expect(dashboardViewOptions("?standalone=2")).toEqual({ ...none, hideNav: true, hideTitle: true });
  expect(dashboardViewOptions("?standalone=3")).toEqual({ ...none, hideNav: true, hideTitle: true, hideChartControls: true });
  expect(dashboardViewOptions("?standalone=9")).toEqual(none);
  expect(dashboardViewOptions("?uiConfig=15")).toEqual({ hideNav: true, hideTitle: true, hideTab: true, hideChartControls: true, focusedChart: null });
  expect(dashboardViewOptions("?uiConfig=2&focused_chart=12")).toEqual({ ...none, hideTab: true, focusedChart: 12 });
  expect(dashboardViewOptions("?uiConfig=x&focused_chart=-1")).toEqual(none);
  expect(hidesNavigation("?standalone=0")).toBe(false);
  expect(hidesNavigation("?standalone=true")).toBe(true);
  expect(hidesNavigation("?uiConfig=4")).toBe(true);
  expect(hidesNavigation("?uiConfig=1")).toBe(false);
});

test("a periodic refresh skips immune charts and spreads the rest over min(period, stagger_time)", () => {
  expect(refreshFrequency({ refresh_frequency: "300" })).toBe(300);
  expect(refreshFrequency({ refresh_frequency: -1 })).toBe(0);
  expect(intervalLabel(1800)).toBe("30 minutes");
  const meta = { refresh_frequency: 10, timed_refresh_immune_slices: [2] };
  expect([...refreshSchedule([1, 2, 3, 4], meta, true)]).toEqual([[1, 0], [3, 2500], [4, 5000]]);
  expect([...refreshSchedule([1, 2, 3], { refresh_frequency: 2, stagger_time: 10_000 }, true)]).toEqual([[1, 0], [2, 1000], [3, 2000]]);
  expect([...refreshSchedule([1, 2, 3], { ...meta, stagger_refresh: false }, true)]).toEqual([[1, 0], [3, 0]]);
  // a manual refresh queries every chart, immune or not, at once
  expect([...refreshSchedule([1, 2, 3], meta, false)]).toEqual([[1, 0], [2, 0], [3, 0]]);
});

test("dashboard CSS cannot leave its style element or its dashboard", () => {
  expect(sanitizeCss("</style><script>alert(1)</script>")).not.toContain("<");
  expect(sanitizeCss("@import url(//evil.example/x.css); .a { color: red }")).toBe(".a { color: red }");
  expect(sanitizeCss(".a { background: url(javascript:alert(1)); width: expression(alert(1)) }")).not.toMatch(/javascript:|expression\(/);
  expect(sanitizeCss(".a { color: red } } body { display: none }")).toBe(".a { color: red }  body { display: none }");
  expect(sanitizeCss(".a { color: red")).toBe(".a { color: red}");
  expect(sanitizeCss('.a::after { content: "}" }')).toBe('.a::after { content: "}" }');
  expect(sanitizeCss("/* hidden } */ .b { color: blue }")).toBe(".b { color: blue }");
  expect(scopedDashboardCss(".a { color: red } }")).toBe("@scope ([data-dashboard-root]) {\n.a { color: red }\n}");
  expect(scopedDashboardCss("  ")).toBe("");
});
