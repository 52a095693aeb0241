import { expect, test } from "vitest";
import rison from "rison";
import { isFiltered, listQuery, listStateFromQuery, listUrlSearch, nextSort, parseListUrlState, type ListViewConfig } from "./list-url-state";

const config: ListViewConfig = {
  filters: [
    { key: "search", col: "slice_name", opr: "chart_all_text", kind: "text" },
    { key: "owner", col: "owners", opr: "rel_m_m", kind: "id" },
    { key: "viz_type", col: "viz_type", opr: "eq", kind: "text" },
    { key: "favorite", col: "id", opr: "chart_is_favorite", kind: "boolean" },
  ],
  sortColumns: ["slice_name", "viz_type", "changed_on_delta_humanized"],
  defaultSort: { column: "changed_on_delta_humanized", direction: "desc" },
  pageSize: 25,
  views: ["table", "card"],
};

const parse = (search: string) => parseListUrlState(new URLSearchParams(search), config);

test("a plain address is the default state and the default query", () => {
  const state = parse("");
  expect(state).toEqual({ filters: {}, sort: { column: "changed_on_delta_humanized", direction: "desc" }, page: 1, view: "table" });
  expect(listQuery(state, config)).toEqual({ filters: [], order_column: "changed_on_delta_humanized", order_direction: "desc", page: 0, page_size: 25 });
  expect(listUrlSearch(state, config).toString()).toBe("");
  expect(isFiltered(state)).toBe(false);
});

test("every filter, the sort and the page become Superset's rison list query", () => {
  const state = parse("search=births&owner=3&viz_type=pie&favorite=true&sort=slice_name&order=asc&page=3&view=card");
  expect(state.view).toBe("card");
  const q = listQuery(state, config);
  expect(rison.encode(q)).toBe(
    "(filters:!((col:slice_name,opr:chart_all_text,value:births),(col:owners,opr:rel_m_m,value:3),(col:viz_type,opr:eq,value:pie)," +
      "(col:id,opr:chart_is_favorite,value:!t)),order_column:slice_name,order_direction:asc,page:2,page_size:25)",
  );
  expect(isFiltered(state)).toBe(true);
});

test("the address and the query map back to the same state", () => {
  const search = "search=a+b&owner=7&favorite=false&sort=viz_type&order=desc&page=2";
  const state = parse(search);
  expect(listUrlSearch(state, config).toString()).toBe(search);
  const back = listStateFromQuery(rison.decode(rison.encode(listQuery(state, config))) as never, config);
  expect(back).toEqual(state);
});

test("unusable values in the address are dropped, not sent to the API", () => {
  const state = parse("owner=abc&favorite=maybe&search=%20%20&sort=password&order=sideways&page=-4&view=grid&unknown=1");
  expect(state).toEqual(parse(""));
  expect(parse("owner=1.5").filters).toEqual({});
  expect(parse("owner=0").filters).toEqual({});
  expect(parse("page=2abc").page).toBe(1);
  expect(parse("sort=slice_name").sort).toEqual({ column: "slice_name", direction: "asc" });
  expect(parse(`search=${"x".repeat(400)}`).filters.search).toHaveLength(250);
});

test("a query's filters the page does not offer are left out on the way back", () => {
  const state = listStateFromQuery(
    { filters: [{ col: "created_by", opr: "rel_o_m", value: 1 }, { col: "owners", opr: "rel_m_m", value: 2 }], order_column: "uuid", page: 0 },
    config,
  );
  expect(state.filters).toEqual({ owner: "2" });
  expect(state.sort).toEqual(config.defaultSort);
});

test("clicking a header sorts by it ascending, clicking again flips the direction", () => {
  const byName = nextSort(config.defaultSort, "slice_name");
  expect(byName).toEqual({ column: "slice_name", direction: "asc" });
  expect(nextSort(byName, "slice_name")).toEqual({ column: "slice_name", direction: "desc" });
  expect(nextSort(nextSort(byName, "slice_name"), "slice_name")).toEqual(byName);
});
