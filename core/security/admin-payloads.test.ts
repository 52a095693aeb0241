import { expect, test } from "vitest";
import { ApiError } from "../http/errors";
import { BUILT_IN_ROLE_NAMES, MISSING, parseIdList, parseRoleName, parseRoleSearch, parseUserCreate, parseUserUpdate } from "./admin-payloads";

function fieldErrors(fn: () => unknown): Record<string, string[] | string> {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(400);
    return (e as ApiError).fieldErrors ?? {};
  }
  throw new Error("expected a validation error");
}

const valid = { first_name: " Ada ", last_name: "Lovelace", username: "ada", email: "ada@example.com", password: "s3cret-pass", roles: [3] };

test("a complete user is accepted, trimmed and active by default", () => {
  expect(parseUserCreate(valid)).toEqual({ ...valid, first_name: "Ada", active: true });
});

test("every missing required field is named at once", () => {
  const errors = fieldErrors(() => parseUserCreate({}));
  expect(Object.keys(errors).sort()).toEqual(["email", "first_name", "last_name", "password", "roles", "username"]);
  expect(errors).toMatchObject({ first_name: ["First name is required."], username: ["Username is required."], roles: ["Choose at least one role."] });
});

test.each([
  [{ username: 7 }, "username", "Not a valid string."],
  [{ username: "   " }, "username", "Username is required."],
  [{ first_name: "" }, "first_name", "First name is required."],
  [{ email: "not-an-address" }, "email", "Not a valid email address."],
  [{ roles: [] }, "roles", "Choose at least one role."],
  [{ roles: ["1"] }, "roles", "Not a valid integer."],
  [{ roles: 2 }, "roles", "Not a valid list."],
  [{ active: "yes" }, "active", "Not a valid boolean."],
  [{ first_name: "x".repeat(65) }, "first_name", "Longer than maximum length 64."],
  [{ username: "a\u0000b" }, "username", "Must not contain null characters."],
  [{ is_admin: true }, "is_admin", "Unknown field."],
])("update %j is refused on %s", (body, field, message) => {
  expect(fieldErrors(() => parseUserUpdate(body))[field]).toEqual([message]);
});

test("an update may carry only the fields that change", () => {
  expect(parseUserUpdate({ active: false })).toEqual({ active: false });
  expect(parseUserUpdate({ password: " keeps spaces " })).toEqual({ password: " keeps spaces " });
});

test("a role name is required, a string and at most 64 characters", () => {
  expect(parseRoleName({ name: " Analysts " })).toBe("Analysts");
  expect(fieldErrors(() => parseRoleName({})).name).toEqual([MISSING]);
  expect(fieldErrors(() => parseRoleName({ name: ["x"] })).name).toEqual(["Not a valid string."]);
  expect(fieldErrors(() => parseRoleName({ name: "r".repeat(65) })).name).toEqual(["Longer than maximum length 64."]);
  expect(fieldErrors(() => parseRoleName({ name: "ok", extra: 1 })).extra).toEqual(["Unknown field."]);
});

test("id lists may be empty, are deduplicated, and refuse non-integers", () => {
  expect(parseIdList({ user_ids: [] }, "user_ids")).toEqual([]);
  expect(parseIdList({ permission_view_menu_ids: [4, 4, 9] }, "permission_view_menu_ids")).toEqual([4, 9]);
  expect(fieldErrors(() => parseIdList({}, "user_ids")).user_ids).toEqual([MISSING]);
  expect(fieldErrors(() => parseIdList({ user_ids: [1.5] }, "user_ids")).user_ids).toEqual(["Not a valid integer."]);
});

test("the built-in roles are Superset's five", () => {
  expect([...BUILT_IN_ROLE_NAMES].sort()).toEqual(["Admin", "Alpha", "Gamma", "Guest", "Public", "sql_lab"]);
});

test("role search reads name, user and permission filters with Superset's defaults", () => {
  expect(parseRoleSearch(undefined)).toEqual({ orderColumn: "id", orderDirection: "asc", page: 0, pageSize: 10 });
  expect(
    parseRoleSearch({ filters: [{ col: "name", value: "Gam" }, { col: "user_ids", value: [2, 3] }], order_column: "name", page_size: 50 }),
  ).toMatchObject({ name: "Gam", userIds: [2, 3], orderColumn: "name", pageSize: 50 });
});

test.each([
  [[1], "rison object"],
  [{ order_column: "password" }, "order_column"],
  [{ page_size: 1000 }, "page_size"],
  [{ filters: [{ col: "secret", value: 1 }] }, "not allowed"],
  [{ filters: [{ col: "user_ids", value: ["x"] }] }, "integer ids"],
  [{ filters: [{ col: "name", value: 3 }] }, "text value"],
])("role search %j is refused", (q, message) => {
  expect(() => parseRoleSearch(q)).toThrow(message);
});

test("prototype member names in a body are unknown fields, not schema entries", () => {
  const errors = fieldErrors(() => parseUserUpdate(JSON.parse('{"__proto__": {"active": true}}')));
  expect(Object.keys(errors)).toEqual(["__proto__"]);
  expect(JSON.parse(JSON.stringify(errors))).toEqual(JSON.parse('{"__proto__": ["Unknown field."]}'));
  expect(Object.keys(fieldErrors(() => parseUserUpdate({ toString: "x" })))).toEqual(["toString"]);
  expect(Object.keys(fieldErrors(() => parseRoleName(JSON.parse('{"name": "x", "__proto__": 1}'))))).toEqual(["__proto__"]);
});
