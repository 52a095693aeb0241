import { expect, test } from "vitest";
import { ApiError } from "./http/errors";
import { guestUserOf, logAuthorOf, logRowFor, MAX_EVENTS_PER_SEND, navigationEvent, optionalIdParam, parseEvents, parseEventsField, withGuestUser } from "./event-log";

const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return { status: (e as ApiError).status, message: (e as ApiError).message };
  }
  throw new Error("did not throw");
};

test("a JSON array and an {events} object are both accepted", () => {
  expect(parseEvents([{ event_name: "a" }])).toEqual([{ event_name: "a" }]);
  expect(parseEvents({ events: [{ event_name: "b" }, {}] })).toHaveLength(2);
  // Superset's logger may send the array as JSON text inside a JSON body
  expect(parseEvents({ events: JSON.stringify([{ event_name: "c" }]) })).toEqual([{ event_name: "c" }]);
  expect(status(() => parseEvents({ events: "[{" }))).toMatchObject({ status: 400, message: expect.stringMatching(/^The events field is not valid JSON/) });
  expect(status(() => parseEvents({ events: JSON.stringify({ a: 1 }) }))).toMatchObject({ status: 400 });
  expect(parseEvents([])).toEqual([]);
});

test("non-lists and non-object events are a 400 naming the problem", () => {
  expect(status(() => parseEvents({ nope: 1 }))).toMatchObject({ status: 400, message: expect.stringContaining("JSON array") });
  expect(status(() => parseEvents("x"))).toMatchObject({ status: 400 });
  expect(status(() => parseEvents([{}, 3]))).toEqual({ status: 400, message: "events[1] must be a JSON object" });
  expect(status(() => parseEvents([[1]]))).toEqual({ status: 400, message: "events[0] must be a JSON object" });
  expect(status(() => parseEvents([null]))).toMatchObject({ status: 400 });
  expect(status(() => parseEvents([{ big: "x".repeat(70_000) }]))).toMatchObject({ status: 400, message: expect.stringContaining("larger") });
});

test("at most 1024 events per send: one more is a 413", () => {
  const many = Array.from({ length: MAX_EVENTS_PER_SEND }, () => ({}));
  expect(parseEvents(many)).toHaveLength(1024);
  expect(status(() => parseEvents([...many, {}]))).toEqual({ status: 413, message: "Too many events in one send: 1025 (at most 1024)" });
});

test("the beacon's events field must be JSON text", () => {
  expect(parseEventsField('[{"event_name":"x"}]')).toEqual([{ event_name: "x" }]);
  expect(status(() => parseEventsField(null))).toEqual({ status: 400, message: "The events field is missing" });
  expect(status(() => parseEventsField("[{"))).toMatchObject({ status: 400, message: expect.stringMatching(/^The events field is not valid JSON/) });
});

test("dashboard_id and slice_id query parameters are positive integers", () => {
  expect(optionalIdParam(undefined, "dashboard_id")).toBeNull();
  expect(optionalIdParam("", "dashboard_id")).toBeNull();
  expect(optionalIdParam("12", "dashboard_id")).toBe(12);
  expect(status(() => optionalIdParam("abc", "slice_id"))).toEqual({ status: 400, message: "slice_id must be a positive integer" });
  expect(status(() => optionalIdParam("0", "slice_id"))).toMatchObject({ status: 400 });
});

test("an event becomes a row: action from event_name, ids from params then the event, duration from timing", () => {
  const none = { dashboardId: null, sliceId: null };
  expect(logRowFor({ event_name: "spa_navigation", event_type: "user", duration: 5 }, none)).toEqual({
    action: "spa_navigation",
    json: '{"event_name":"spa_navigation","event_type":"user","duration":5}',
    dashboard_id: null,
    slice_id: null,
    duration_ms: null,
  });
  expect(logRowFor({}, none).action).toBe("log");
  expect(logRowFor({ event_name: "  " }, none).action).toBe("log");
  expect(logRowFor({ event_name: "x".repeat(600) }, none).action).toHaveLength(512);
  expect(logRowFor({ event_type: "timing", duration: 12.6 }, none).duration_ms).toBe(13);
  expect(logRowFor({ event_type: "timing", value: 40 }, none).duration_ms).toBe(40);
  expect(logRowFor({ event_type: "timing", duration: -1 }, none).duration_ms).toBeNull();
  expect(logRowFor({ source: "dashboard", source_id: 7 }, none).dashboard_id).toBe(7);
  expect(logRowFor({ source: "explore", source_id: "9" }, none).slice_id).toBe(9);
  expect(logRowFor({ source: "dashboard", source_id: "my-slug" }, none).dashboard_id).toBeNull();
  expect(logRowFor({ dashboard_id: 3, slice_id: 4 }, { dashboardId: 1, sliceId: null })).toMatchObject({ dashboard_id: 1, slice_id: 4 });
});

test("navigation events have Superset's v2 shape and a source derived from the page", () => {
  const base = { search: "", impressionId: "imp", eventId: "ev", ts: 1000, visibility: "visible" };
  expect(navigationEvent({ ...base, path: "/logs/" })).toEqual({
    source: "spa",
    source_id: null,
    impression_id: "imp",
    version: "v2",
    ts: 1000,
    event_name: "spa_navigation",
    event_type: "user",
    event_id: "ev",
    visibility: "visible",
    path: "/logs/",
  });
  expect(navigationEvent({ ...base, path: "/superset/dashboard/5/" })).toMatchObject({ source: "dashboard", source_id: 5 });
  expect(navigationEvent({ ...base, path: "/superset/dashboard/world-bank/" })).toMatchObject({ source: "dashboard", source_id: "world-bank" });
  expect(navigationEvent({ ...base, path: "/explore/", search: "?slice_id=8" })).toMatchObject({ source: "explore", source_id: 8 });
  expect(navigationEvent({ ...base, path: "/sqllab/" })).toMatchObject({ source: "sqlLab" });
});

test("a guest's rows have no user id and name the token's user; other anonymous callers have neither", () => {
  expect(logAuthorOf({ id: 7, username: "ann" })).toEqual({ userId: 7, guestUser: null });
  expect(logAuthorOf({ id: 0, username: "anonymous", anonymous: true })).toEqual({ userId: null, guestUser: null });
  expect(logAuthorOf({ id: 0, username: "tenant-east", anonymous: true, guest: {} })).toEqual({ userId: null, guestUser: "tenant-east" });
  expect(logAuthorOf(null)).toEqual({ userId: null, guestUser: null });
  // the event's own guest_user cannot claim another name
  expect(JSON.parse(withGuestUser(JSON.stringify({ event_name: "x", guest_user: "admin" }), "tenant-east"))).toEqual({ event_name: "x", guest_user: "tenant-east" });
  expect(withGuestUser("{\"a\":1}", null)).toBe("{\"a\":1}");
  expect(guestUserOf(withGuestUser("{}", "tenant-east"))).toBe("tenant-east");
  expect(guestUserOf("{\"path\":\"/x\"}")).toBeNull();
  expect(guestUserOf("not json")).toBeNull();
  expect(guestUserOf(null)).toBeNull();
});
