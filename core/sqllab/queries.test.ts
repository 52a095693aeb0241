import { expect, test } from "vitest";
import {
  clearInactiveQueries, costEstimateFailed, costEstimateReturned, costEstimateStarted, querySuccess, queryFailed,
  refreshQueries, requestQueryResults, startQuery, stopQuery,
} from "./queries";
import { T0, editor, query, twoTabs } from "./test-factories";

const ok = { status: "success", data: [{ a: 1 }], columns: [{ column_name: "a" }], query: { rows: 1, limitingFactor: "NOT_LIMITED", resultsKey: "k1" } };

test("a new run clears the previous result data of its tab", () => {
  const s0 = twoTabs({ queryEditors: [editor("a", { latestQueryId: "q1" }), editor("b")], queries: { q1: query("q1", { state: "success", results: ok }) } });
  const s1 = startQuery(s0, query("q2"), T0 + 1);
  expect(s1.queries.q1.results?.data).toEqual([]);
  expect(s1.queries.q2.state).toBe("running");
});

test("a new run becomes the latest query of its tab", () => {
  const s1 = startQuery(twoTabs(), query("q2"), T0 + 1);
  expect(s1.unsavedQueryEditor).toMatchObject({ id: "a", latestQueryId: "q2", updatedAt: T0 + 1 });
});

test("a run from the editor shows the Results pane even while a table preview is showing; a preview run does not", () => {
  const s0 = twoTabs({ activeSouthPaneTab: "table-1" });
  expect(startQuery(s0, query("q2"), T0 + 1).activeSouthPaneTab).toBe("Results");
  expect(startQuery(s0, query("p1", { isDataPreview: true, sqlEditorId: null }), T0 + 1).activeSouthPaneTab).toBe("table-1");
});

test("a run moves to fetching when its results are requested", () => {
  const s = requestQueryResults(startQuery(twoTabs(), query("q1"), T0), "q1");
  expect(s.queries.q1.state).toBe("fetching");
});

test("success applies only when the result status is success", () => {
  const s0 = startQuery(twoTabs(), query("q1"), T0);
  expect(querySuccess(s0, "q1", { ...ok, status: "failed" }, T0 + 5)).toBe(s0);
});

test("success sets progress to 100, clears errors and keeps rows, limiting factor and results key", () => {
  const s0 = startQuery(twoTabs(), query("q1", { errors: [{ message: "x", error_type: "y" }], errorMessage: "x" }), T0);
  const q = querySuccess(s0, "q1", ok, T0 + 5).queries.q1;
  expect(q).toMatchObject({ state: "success", progress: 100, errorMessage: null, rows: 1, limitingFactor: "NOT_LIMITED", resultsKey: "k1", endDttm: T0 + 5 });
  expect(q.errors).toBeUndefined();
});

test("a failure stores errors, message, link and end time and sets state failed", () => {
  const errors = [{ message: "no such table", error_type: "GENERIC_DB_ENGINE_ERROR" }];
  const q = queryFailed(startQuery(twoTabs(), query("q1"), T0), "q1", "no such table", errors, "/request-access", T0 + 9).queries.q1;
  expect(q).toMatchObject({ state: "failed", errors, errorMessage: "no such table", link: "/request-access", endDttm: T0 + 9 });
});

test("stopped is final: a success or failure arriving after a stop is ignored", () => {
  const stopped = stopQuery(startQuery(twoTabs(), query("q1"), T0), "q1", T0 + 1);
  expect(querySuccess(stopped, "q1", ok, T0 + 2)).toBe(stopped);
  expect(queryFailed(stopped, "q1", "late", undefined, null, T0 + 2)).toBe(stopped);
  expect(stopped.queries.q1.state).toBe("stopped");
});

test("a server refresh keeps a local fetching, success or running state when the server reports success", () => {
  for (const local of ["fetching", "success", "running"] as const) {
    const s0 = twoTabs({ queries: { q1: query("q1", { state: local, runAsync: true, results: ok }) } });
    expect(refreshQueries(s0, { q1: { id: "q1", state: "success", changed_on: "2024-01-01T00:00:00" } }).queries.q1.state).toBe(local);
  }
});

test("a server refresh takes the server state otherwise and moves the last update time", () => {
  const s0 = twoTabs({ queries: { q1: query("q1", { state: "pending", runAsync: true }) } });
  const s1 = refreshQueries(s0, { q1: { id: "q1", state: "success", progress: 100, changed_on: "2030-01-01T00:00:00" } });
  expect(s1.queries.q1).toMatchObject({ state: "success", progress: 100 });
  expect(s1.queriesLastUpdate).toBe(Date.parse("2030-01-01T00:00:00Z"));
});

test("a server refresh ignores queries held locally as stopped or failed", () => {
  const s0 = twoTabs({ queries: { q1: query("q1", { state: "stopped" }), q2: query("q2", { state: "failed" }) } });
  const s1 = refreshQueries(s0, { q1: { id: "q1", state: "success" }, q2: { id: "q2", state: "success" } });
  expect(s1.queries).toBe(s0.queries);
});

test("a synchronous success reported by refresh without results is fetching", () => {
  const s1 = refreshQueries(twoTabs(), { q9: { id: "q9", state: "success", runAsync: false } });
  expect(s1.queries.q9.state).toBe("fetching");
});

test("clearing inactive queries drops running or pending runs older than the interval still at progress 0", () => {
  const s0 = twoTabs({
    queries: {
      old: query("old", { state: "pending", startDttm: T0 - 10_000 }),
      moving: query("moving", { state: "running", startDttm: T0 - 10_000, progress: 40 }),
      fresh: query("fresh", { state: "running", startDttm: T0 - 100 }),
    },
  });
  expect(Object.keys(clearInactiveQueries(s0, 5000, T0).queries).sort()).toEqual(["fresh", "moving"]);
});

test("clearing inactive queries gives other queries their stored result status", () => {
  const s0 = twoTabs({ queries: { q1: query("q1", { state: "fetching", resultsKey: "k", results: { status: "success" } }) } });
  expect(clearInactiveQueries(s0, 5000, T0).queries.q1.state).toBe("success");
});

test("cost estimate: started, then returned with a cost, or failed with an error stored against the query", () => {
  const started = costEstimateStarted(twoTabs(), "q1");
  expect(started.queryCostEstimates.q1).toEqual({ completed: false, cost: null, error: null });
  expect(costEstimateReturned(started, "q1", [{ rows: 3 }]).queryCostEstimates.q1).toEqual({ completed: true, cost: [{ rows: 3 }], error: null });
  expect(costEstimateFailed(started, "q1", "boom").queryCostEstimates.q1).toEqual({ completed: false, cost: null, error: "boom" });
});
