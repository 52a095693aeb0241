import { expect, test } from "vitest";
import { listPageParam, parseListArgs } from "./list-query";
import { decodeRison } from "./rison-guard";

test("reads Superset's list arguments", () => {
  const args = parseListArgs(decodeRison("(filters:!((col:username,opr:ct,value:ad)),order_column:id,order_direction:desc,page:2,page_size:25)"));
  expect(args).toEqual({
    filters: [{ col: "username", opr: "ct", value: "ad" }],
    orderColumn: "id",
    orderDirection: "desc",
    page: 2,
    pageSize: 25,
    columns: null,
    keys: null,
  });
  expect(parseListArgs(decodeRison("(columns:!(id,name),keys:!(none))"))).toMatchObject({ columns: ["id", "name"], keys: ["none"] });
  expect(() => parseListArgs(decodeRison("(keys:none)"))).toThrow("keys must be a list of names");
});

test("defaults apply when q is absent", () => {
  expect(parseListArgs(undefined)).toMatchObject({ filters: [], page: 0, pageSize: 20, orderDirection: "asc" });
});

test.each([
  ["!(1,2)", "must be a rison object"],
  ["(filters:x)", "filters must be a list"],
  ["(filters:!((col:a)))", "needs col and opr"],
  ["(order_direction:up)", "order_direction"],
  ["(page:-1)", "page must be"],
  ["(page_size:0)", "page_size"],
  ["(page_size:-2)", "page_size"],
  ["(columns:!(1))", "columns"],
])("%s is refused", (q, message) => {
  expect(() => parseListArgs(decodeRison(q))).toThrow(message);
});

test("page_size -1 or over the maximum is capped at the maximum (FAB_API_MAX_PAGE_SIZE, 100), as FAB does", () => {
  expect(parseListArgs(decodeRison("(page_size:-1)")).pageSize).toBe(100);
  expect(parseListArgs(decodeRison("(page_size:200)")).pageSize).toBe(100);
  expect(parseListArgs(decodeRison("(page_size:5000)"), { maxPageSize: 50 }).pageSize).toBe(50);
  expect(parseListArgs(decodeRison("(page_size:7)")).pageSize).toBe(7);
});

test("a list page's ?page= is a page from 1 to 100000; anything else is page 1", () => {
  const page = (q: string) => listPageParam(new URLSearchParams(q));
  expect([page(""), page("page=3"), page("page=0"), page("page=-2"), page("page=1.5"), page("page=abc"), page("page=100001")]).toEqual([1, 3, 1, 1, 1, 1, 1]);
});
