import { expect, test } from "vitest";
import {
  ACTIVE_STATES, ALL_STATES, FINISHED_STATES, OUT_OF_MEMORY_MESSAGE, SESSION_TIMED_OUT_MESSAGE, badgeColour,
  costEstimateFailureMessage, initialState, runFailureMessage, stopOutcome,
} from "./query-state";

test("all nine query states exist", () => {
  expect([...ALL_STATES].sort()).toEqual(["failed", "fetching", "pending", "running", "scheduled", "started", "stopped", "success", "timed_out"]);
});

test("active states are running, started, pending, fetching and scheduled", () => {
  expect([...ACTIVE_STATES].sort()).toEqual(["fetching", "pending", "running", "scheduled", "started"]);
});

test("finished states are stopped, failed, success and timed_out", () => {
  expect([...FINISHED_STATES].sort()).toEqual(["failed", "stopped", "success", "timed_out"]);
});

test("a run starts pending when asynchronous and running otherwise", () => {
  expect(initialState(true)).toBe("pending");
  expect(initialState(false)).toBe("running");
});

test("badge colours: danger for offline, failed, stopped; info for pending, fetching; warning for running; success for success", () => {
  expect(["offline", "failed", "stopped"].map((s) => badgeColour(s as never))).toEqual(["danger", "danger", "danger"]);
  expect([badgeColour("pending"), badgeColour("fetching")]).toEqual(["info", "info"]);
  expect(badgeColour("running")).toBe("warning");
  expect(badgeColour("success")).toBe("success");
});

test("stop answer already_complete means it had finished; anything else means stopped", () => {
  expect(stopOutcome("already_complete")).toEqual({ finished: true, toast: "Query could not be stopped: it was already complete.", type: "info" });
  expect(stopOutcome("OK")).toEqual({ finished: false, toast: "Query was stopped.", type: "success" });
});

test("run failure message comes from error, then message, then statusText, else Unknown error", () => {
  expect(runFailureMessage({ error: "e", message: "m", statusText: "s" })).toBe("e");
  expect(runFailureMessage({ message: "m", statusText: "s" })).toBe("m");
  expect(runFailureMessage({ statusText: "Bad request" })).toBe("Bad request");
  expect(runFailureMessage({})).toBe("Unknown error");
});

test("a run failure containing MEMORY_LIMIT_EXCEEDED becomes the out-of-memory message", () => {
  expect(runFailureMessage({ error: "D1 said MEMORY_LIMIT_EXCEEDED here" })).toBe(OUT_OF_MEMORY_MESSAGE);
});

test("a CSRF-token failure becomes the session-timed-out message", () => {
  expect(runFailureMessage({ message: "The CSRF token is missing." })).toBe(SESSION_TIMED_OUT_MESSAGE);
});

test("engine names and driver text are scrubbed from run failures", () => {
  expect(runFailureMessage({ error: '(psycopg2.errors.UndefinedTable) relation "x" does not exist\n[SQL: SELECT * FROM x]' })).toBe('relation "x" does not exist');
  expect(runFailureMessage({ error: "D1_ERROR: no such table: x" })).toBe("no such table: x");
});

test("cost estimate failure uses the server error, else statusText, else Failed at retrieving results", () => {
  expect(costEstimateFailureMessage({ error: "bad" })).toBe("bad");
  expect(costEstimateFailureMessage({ statusText: "Server error" })).toBe("Server error");
  expect(costEstimateFailureMessage(undefined)).toBe("Failed at retrieving results");
});

