import { expect, test } from "vitest";
import { listQuery, listUrlSearch, parseListUrlState } from "../../../core/lists/list-url-state";
import { DASHBOARD_LIST } from "./list-config";

// The Dashboards list's address stands for the same `?q=` Superset's DashboardList sends to GET /api/v1/dashboard/.

test("the address's filters, sort and page become Superset's dashboard list query", () => {
  const state = parseListUrlState(new URLSearchParams("search=sales&owner=3&published=false&favorite=true&certified=true&sort=published&order=asc&page=2&view=card"), DASHBOARD_LIST);
  expect(state.view).toBe("card");
  expect(listQuery(state, DASHBOARD_LIST)).toEqual({
    filters: [
      { col: "dashboard_title", opr: "title_or_slug", value: "sales" },
      { col: "owners", opr: "rel_m_m", value: 3 },
      { col: "published", opr: "eq", value: false },
      { col: "id", opr: "dashboard_is_favorite", value: true },
      { col: "id", opr: "dashboard_is_certified", value: true },
    ],
    order_column: "published", order_direction: "asc", page: 1, page_size: 25,
  });
  // and back: the same address, defaults left out
  expect(listUrlSearch(state, DASHBOARD_LIST).toString()).toBe("search=sales&owner=3&published=false&favorite=true&certified=true&sort=published&order=asc&page=2&view=card");
});

test("the plain list is sorted by last modified, newest first; values the page does not offer are dropped", () => {
  const state = parseListUrlState(new URLSearchParams("published=maybe&owner=me&sort=json_metadata&view=grid"), DASHBOARD_LIST);
  expect(state).toEqual({ filters: {}, sort: { column: "changed_on_delta_humanized", direction: "desc" }, page: 1, view: "table" });
  expect(listUrlSearch(state, DASHBOARD_LIST).toString()).toBe("");
});
