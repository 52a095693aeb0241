import { expect, test } from "vitest";
import { homeItemOf, itemUrl, mergeRecents } from "./home-items";

const now = Date.parse("2026-01-10T12:00:00Z");

test("each kind of card leads to its object: a dashboard by slug or id, a chart in Explore, a saved query in SQL Lab", () => {
  expect(itemUrl("dashboard", { id: 4, slug: "sales" })).toBe("/superset/dashboard/sales/");
  expect(itemUrl("dashboard", { id: 4, slug: null })).toBe("/superset/dashboard/4/");
  expect(itemUrl("chart", { id: 7 })).toBe("/explore/?slice_id=7");
  expect(itemUrl("saved_query", { id: 9 })).toBe("/sqllab/?savedQueryId=9");
});

test("a card says when it was touched in Superset's words and keeps a saved query's SQL", () => {
  const item = homeItemOf("saved_query", { id: 1, title: "Births", changed_on: "2026-01-10T09:00:00Z", sql: "SELECT 1" }, now);
  expect(item).toMatchObject({ when: "Modified 3 hours ago", sql: "SELECT 1", url: "/sqllab/?savedQueryId=1" });
  expect(homeItemOf("chart", { id: 2, title: "", changed_on: null }, now)).toMatchObject({ title: "<empty>", when: "" });
});

test("recents from several kinds merge newest first, cut to the limit, with the list's verb", () => {
  const d = homeItemOf("dashboard", { id: 1, title: "D", changed_on: "2026-01-09T12:00:00Z" }, now);
  const c = homeItemOf("chart", { id: 2, title: "C", changed_on: "2026-01-10T11:00:00Z" }, now);
  const s = homeItemOf("saved_query", { id: 3, title: "S", changed_on: "2026-01-01T12:00:00Z" }, now);
  const merged = mergeRecents([[d], [c, s]], 2, "Created");
  expect(merged.map((i) => i.title)).toEqual(["C", "D"]);
  expect(merged[0].when).toBe("Created an hour ago");
  expect(mergeRecents([[d], [c]], 5, "Modified")[1].when).toBe("Modified a day ago");
});
