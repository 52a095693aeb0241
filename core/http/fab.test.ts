import { expect, test } from "vitest";
import { fabInfo, fabItem, fabList, parseRelatedArgs, pickColumns, prettify, type FabResource } from "./fab";

const R: FabResource = {
  listColumns: ["id", "name", "owner.first_name", "owners.id"],
  showColumns: ["id", "name"],
  orderColumns: ["name"],
  listTitle: "List Thing",
  showTitle: "Show Thing",
  labels: { name: "Thing name" },
  addColumns: [{ name: "name", type: "String", required: true }],
};

test("labels are FAB's: Python's title casing of the name with dots and underscores as spaces", () => {
  expect(prettify("changed_by.first_name")).toBe("Changed By First Name");
  expect(prettify("db_id")).toBe("Db Id");
  expect(prettify("x2y")).toBe("X2Y");
});

test("columns pick dotted paths, through objects and lists; unknown or null parents give null", () => {
  const row = { id: 1, name: "a", owner: { first_name: "Ann", email: "x" }, owners: [{ id: 2, email: "y" }], secret: "s" };
  expect(pickColumns(row, ["id", "owner.first_name", "owners.id"])).toEqual({ id: 1, owner: { first_name: "Ann" }, owners: [{ id: 2 }] });
  expect(pickColumns({ id: 1, owner: null }, ["owner.first_name", "missing"])).toEqual({ owner: null, missing: null });
  expect(pickColumns({ toString: 1 } as object, ["constructor"])).toEqual({ constructor: null });
});

test("a list answer carries every metadata key by default, only those named in keys, none for keys:!(none)", () => {
  const body = { count: 1, ids: [1], result: [{ id: 1, name: "a", secret: "s" }] };
  expect(fabList(body, R, { columns: null })).toEqual({
    ...body, list_columns: R.listColumns, order_columns: ["name"], description_columns: {}, list_title: "List Thing",
    label_columns: { id: "Id", name: "Thing name", "owner.first_name": "Owner First Name", "owners.id": "Owners Id" },
  });
  // columns outside list_columns are dropped; when none is left the answer is whole
  expect(fabList(body, R, { columns: ["name", "secret"], keys: ["list_columns"] })).toEqual({ count: 1, ids: [1], result: [{ name: "a" }], list_columns: ["name"] });
  expect(fabList(body, R, { columns: ["secret"], keys: ["none"] })).toEqual(body);
});

test("an item answer follows show_columns; _info answers the keys asked for", () => {
  const body = { id: 1, result: { id: 1, name: "a" } };
  expect(fabItem(body, R, { columns: ["name"], keys: ["show_columns", "show_title"] })).toEqual({ id: 1, result: { name: "a" }, show_columns: ["name"], show_title: "Show Thing" });
  expect(fabInfo(R, ["can_read"], ["permissions", "add_columns"])).toEqual({
    permissions: ["can_read"],
    add_columns: [{ name: "name", label: "Thing name", description: "", type: "String", required: true, unique: false }],
  });
  expect(Object.keys(fabInfo(R, [], null))).toEqual(["permissions", "filters", "add_columns", "edit_columns", "add_title", "edit_title"]);
});

test("related arguments: defaults, a capped page, and 400s for wrong shapes", () => {
  expect(parseRelatedArgs(undefined)).toEqual({ filter: "", page: 0, pageSize: 20, includeIds: [] });
  expect(parseRelatedArgs({ filter: "a", page: 2, page_size: 5000, include_ids: [3] })).toEqual({ filter: "a", page: 2, pageSize: 100, includeIds: [3] });
  for (const q of [[], { filter: 1 }, { page: -1 }, { page_size: 0 }, { include_ids: ["x"] }]) expect(() => parseRelatedArgs(q)).toThrow();
});
