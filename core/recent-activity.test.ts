import { expect, test } from "vitest";
import { DEFAULT_RECENT_ACTIONS, distinctRecentItems, humanizeAgo, parseRecentActivityArgs, recentActivityItem } from "./recent-activity";

test("recent activity arguments default like Superset's and are validated", () => {
  expect(parseRecentActivityArgs(undefined)).toEqual({ actions: DEFAULT_RECENT_ACTIONS, distinct: true, page: 0, pageSize: 10 });
  expect(parseRecentActivityArgs({ page_size: 6, distinct: false, actions: ["mount_dashboard"] })).toEqual({
    actions: ["mount_dashboard"],
    distinct: false,
    page: 0,
    pageSize: 6,
  });
  expect(() => parseRecentActivityArgs({ page_size: 0 })).toThrowError("page_size must be an integer from 1 to 100");
  expect(() => parseRecentActivityArgs({ actions: "x" })).toThrowError("actions must be a list of action names");
  expect(() => parseRecentActivityArgs({ distinct: "yes" })).toThrowError("distinct must be true or false");
  expect(() => parseRecentActivityArgs([1])).toThrowError("The q argument must be a rison object");
});

test("rows become dashboard or chart items with urls and a humanized age", () => {
  const now = Date.parse("2024-01-01T12:00:00Z");
  const row = { action: "spa_navigation", dttm: "2024-01-01T11:57:00.000Z", dashboard_slug: null, dashboard_title: null, slice_name: null };
  expect(recentActivityItem({ ...row, dashboard_id: 4, slice_id: null, dashboard_slug: "sales", dashboard_title: "Sales" }, now)).toEqual({
    action: "spa_navigation",
    item_type: "dashboard",
    item_url: "/superset/dashboard/sales/",
    item_title: "Sales",
    time: now - 180_000,
    time_delta_humanized: "3 minutes ago",
  });
  expect(recentActivityItem({ ...row, dashboard_id: null, slice_id: 9, slice_name: "Births" }, now)).toMatchObject({
    item_type: "slice",
    item_url: "/explore/?slice_id=9",
    item_title: "Births",
  });
});

test("humanized ages read like humanize.naturaltime", () => {
  expect(humanizeAgo(200)).toBe("now");
  expect(humanizeAgo(1000)).toBe("a second ago");
  expect(humanizeAgo(61_000)).toBe("a minute ago");
  expect(humanizeAgo(3 * 3600_000)).toBe("3 hours ago");
  expect(humanizeAgo(2 * 86_400_000)).toBe("2 days ago");
  expect(humanizeAgo(400 * 86_400_000)).toBe("a year ago");
});

test("recents show each object once, at its latest view, newest first", () => {
  const now = Date.parse("2024-05-01T12:00:00Z");
  const row = (action: string, dttm: string, dashboard_id: number | null, slice_id: number | null) =>
    recentActivityItem({ action, dttm, dashboard_id, slice_id, dashboard_slug: null, dashboard_title: dashboard_id ? `Board ${dashboard_id}` : null, slice_name: slice_id ? `Chart ${slice_id}` : null }, now);
  const items = distinctRecentItems([
    row("spa_navigation", "2024-05-01T11:59:00Z", null, 7),
    row("mount_dashboard", "2024-05-01T11:58:00Z", 3, null),
    row("mount_explorer", "2024-05-01T11:57:00Z", null, 7),
    row("spa_navigation", "2024-05-01T11:56:00Z", 3, 7), // a chart's event inside dashboard 3: the dashboard again
    row("spa_navigation", "2024-05-01T11:55:00Z", null, 9),
  ]);
  expect(items.map((i) => [i.item_title, i.action])).toEqual([["Chart 7", "spa_navigation"], ["Board 3", "mount_dashboard"], ["Chart 9", "spa_navigation"]]);
});
