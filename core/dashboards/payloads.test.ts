import { expect, test } from "vitest";
import { cleanSlug, isStaleSave, lastModifiedTime, parseDashboardPayload } from "./payloads";

test("Superset's slug cleaning: spaces become dashes, other punctuation goes, empty is null", () => {
  expect(cleanSlug("  My Sales: 2024! ")).toBe("My-Sales-2024");
  expect(cleanSlug("   ")).toBeNull();
  expect(cleanSlug(null)).toBeNull();
});

test("positions inside json_metadata become position_json; last_modified_time is taken out of the metadata", () => {
  const positions = { ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: [] } };
  const p = parseDashboardPayload({ json_metadata: JSON.stringify({ positions, color_scheme: "x", last_modified_time: 10 }) }, "update");
  expect(JSON.parse(p.position_json!)).toEqual(positions);
  expect(JSON.parse(p.json_metadata!)).toEqual({ color_scheme: "x" });
  expect(p.last_modified_time).toBe(10);
  // on create there is no copy to compare with
  expect(parseDashboardPayload({ json_metadata: JSON.stringify({ last_modified_time: 10 }) }, "create").last_modified_time).toBeUndefined();
});

test("titles default to Superset's untitled one; certification details need a certifier", () => {
  expect(parseDashboardPayload({}, "create").dashboard_title).toBe("[ untitled dashboard ]");
  expect(parseDashboardPayload({ dashboard_title: "  " }, "update").dashboard_title).toBe("[ untitled dashboard ]");
  expect(parseDashboardPayload({}, "update")).toEqual({});
  expect(parseDashboardPayload({ certified_by: "", certification_details: "ok" }, "update").certification_details).toBeNull();
});

test("every bad field is named at once", () => {
  try {
    parseDashboardPayload({ json_metadata: "[1]", position_json: "3", roles: [0], published: "yes", last_modified_time: "x" }, "update");
    expect.unreachable();
  } catch (e) {
    expect(Object.keys((e as { fieldErrors: Record<string, unknown> }).fieldErrors).sort()).toEqual(["json_metadata", "last_modified_time", "position_json", "published", "roles"]);
  }
});

test("a save is stale only when the client's copy is older than the stored change, to the second", () => {
  const changed = "2026-11-25T10:00:05.900Z";
  expect(lastModifiedTime(changed)).toBe(Date.parse("2026-11-25T10:00:05Z") / 1000);
  expect(isStaleSave(undefined, changed)).toBe(false);
  expect(isStaleSave(lastModifiedTime(changed), changed)).toBe(false);
  expect(isStaleSave(lastModifiedTime(changed) - 1, changed)).toBe(true);
});

test("published: null is refused on create as Superset's DashboardPostSchema does, and is a draft on update", () => {
  try {
    parseDashboardPayload({ dashboard_title: "x", published: null }, "create");
    expect.unreachable();
  } catch (e) {
    expect(e).toMatchObject({ status: 400, fieldErrors: { published: ["Field may not be null."] } });
  }
  // DashboardPutSchema allows null; the column is NOT NULL here, so null is stored as Superset shows it: a draft
  expect(parseDashboardPayload({ published: null, is_managed_externally: null }, "update")).toEqual({ published: false, is_managed_externally: false });
  expect(parseDashboardPayload({ is_managed_externally: null }, "create").is_managed_externally).toBe(false);
});

test("a pinned time zone in json_metadata is kept in its listed spelling; an unknown one is refused by name", () => {
  expect(JSON.parse(parseDashboardPayload({ json_metadata: JSON.stringify({ time_zone: "europe/berlin" }) }, "update").json_metadata!)).toEqual({ time_zone: "Europe/Berlin" });
  expect(JSON.parse(parseDashboardPayload({ json_metadata: JSON.stringify({ time_zone: null }) }, "update").json_metadata!)).toEqual({ time_zone: null });
  try {
    parseDashboardPayload({ json_metadata: JSON.stringify({ time_zone: "Mars/Olympus" }) }, "update");
    expect.unreachable();
  } catch (e) {
    expect((e as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({ json_metadata: ["Unknown time zone: Mars/Olympus"] });
  }
});
