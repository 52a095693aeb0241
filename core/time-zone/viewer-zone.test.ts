import { expect, test } from "vitest";
import { chooseZone, pinnedZoneOfJson, readingIn, viewerZoneOf } from "./viewer-zone";
import { dashboardPageChart } from "../dashboards/shape";

const record = {
  id: 7, slice_name: "Births", viz_type: "table", params: JSON.stringify({ time_range: "Today" }), description: null, cache_timeout: null,
  certified_by: null, certification_details: null, changed_on: null, datasource_id: 3, datasource_type: "table",
};

test("a dashboard's pinned zone wins over the viewer's; none pinned follows the viewer, then UTC", () => {
  expect(chooseZone("Europe/Berlin", "Asia/Kolkata")).toEqual({ zone: "Europe/Berlin" });
  expect(chooseZone(undefined, "Asia/Kolkata")).toEqual({ zone: "Asia/Kolkata" });
  expect(chooseZone(undefined, null)).toEqual({ zone: "UTC" });
  // a viewer zone saved before it stopped being valid resolves in UTC, silently (the user can fix it)
  expect(chooseZone(undefined, "Gone/Zone")).toEqual({ zone: "UTC" });
});

test("a pinned zone that is not valid opens in UTC with a warning naming it", () => {
  const chosen = chooseZone("Europe/Atlantis", "Asia/Kolkata");
  expect(chosen.zone).toBe("UTC");
  expect(chosen.warning).toContain('"Europe/Atlantis"');
});

test("the dashboard page's charts carry the pinned zone in their form data, and nothing when none is pinned", () => {
  expect(dashboardPageChart(record, 5, JSON.stringify({ time_zone: "Europe/Berlin" })).form_data).toMatchObject({ dashboardId: 5, time_zone: "Europe/Berlin" });
  expect(dashboardPageChart(record, 5, JSON.stringify({ refresh_frequency: 0 })).form_data).not.toHaveProperty("time_zone");
  expect(dashboardPageChart(record, 5, "not json").form_data).not.toHaveProperty("time_zone");
  expect(pinnedZoneOfJson(JSON.stringify({ time_zone: "" }))).toBeUndefined();
});

test("the viewer's zone: a user's profile, else a guest token's user.time_zone, else none", () => {
  expect(viewerZoneOf({ profile: { time_zone: "Asia/Kolkata" }, guest: { user: { time_zone: "Europe/Berlin" } } })).toBe("Asia/Kolkata");
  expect(viewerZoneOf({ profile: { time_zone: null } })).toBeNull();
  expect(viewerZoneOf({ guest: { user: { username: "g", time_zone: "america/chicago" } } })).toBe("America/Chicago");
  expect(viewerZoneOf({ guest: { user: { username: "g" } } })).toBeNull();
  expect(viewerZoneOf({})).toBeNull();
});

test("a report reads in its schedule's zone, not its owner's; an unknown zone changes nothing", () => {
  const owner = { id: 3, profile: { time_zone: "America/Chicago", email: "o@example.com" } };
  expect(readingIn(owner, "Asia/Tokyo")).toEqual({ id: 3, profile: { time_zone: "Asia/Tokyo", email: "o@example.com" } });
  expect(viewerZoneOf(readingIn(owner, "Asia/Tokyo"))).toBe("Asia/Tokyo");
  expect(readingIn(owner, "Nowhere/Land")).toBe(owner);
  expect(readingIn(owner, null)).toBe(owner);
});
