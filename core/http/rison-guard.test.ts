import { expect, test } from "vitest";
import { decodeQueryArgument, decodeRison, encodeRison, MAX_RISON_DEPTH, MAX_RISON_LENGTH, RisonError } from "./rison-guard";

test("decodes ordinary rison", () => {
  expect(decodeRison("(filters:!((col:name,opr:ct,value:'a b')),page:0)")).toEqual({
    filters: [{ col: "name", opr: "ct", value: "a b" }],
    page: 0,
  });
  expect(decodeRison("!(1,2,3)")).toEqual([1, 2, 3]);
  expect(decodeRison(encodeRison({ key: "x!y'z", rows: 10 }))).toEqual({ key: "x!y'z", rows: 10 });
});

test("an absent or empty q decodes to undefined", () => {
  expect(decodeRison(undefined)).toBeUndefined();
  expect(decodeRison("")).toBeUndefined();
});

const MALFORMED = [
  "(", "((", "(((", "!(", "'", "(a", "(a:", "(a:b", ")", "(:)", "!", "!!", "(,)", "!(,)", "(a:b,)", "(a:!(1,)",
  "(a:'x)", "!(1 2)", "(a:b))", "'unterminated!", "(a:(b:!(", "!z", "(a:1,a:)", "(a:b:c)", "(a:b c)",
];

test.each(MALFORMED)("%j is refused with a RisonError and a clean message", (text) => {
  let error: unknown;
  try {
    decodeRison(text);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(RisonError);
  const message = (error as Error).message;
  expect(message).toMatch(/^Not a valid rison argument/);
  expect(message).not.toMatch(/Cannot read|call stack|undefined/);
});

test("size and depth are capped before parsing", () => {
  expect(() => decodeRison("(".repeat(MAX_RISON_DEPTH + 1))).toThrow(/nests deeper/);
  expect(() => decodeRison(`'${"a".repeat(MAX_RISON_LENGTH)}'`)).toThrow(/longer than/);
});

test("q may be JSON, as FAB falls back to it (scripts send q=json.dumps(...)), under the same caps", () => {
  const args = { filters: [{ col: "table_name", opr: "ct", value: "birth" }], page_size: 5 };
  expect(decodeQueryArgument(JSON.stringify(args))).toEqual(args);
  expect(decodeQueryArgument(" [1, 2]")).toEqual([1, 2]);
  expect(decodeQueryArgument("{}")).toEqual({});
  // rison still decodes as before, and a rison mistake keeps rison's message
  expect(decodeQueryArgument("(page:0)")).toEqual({ page: 0 });
  expect(() => decodeQueryArgument("(a:")).toThrow(/^Not a valid rison argument/);
  expect(() => decodeQueryArgument('{"a":')).toThrow(new RisonError("Not a valid rison/json argument"));
  expect(() => decodeQueryArgument('{"__proto__":{"x":1}}')).toThrow(/__proto__/);
  expect(() => decodeQueryArgument("[".repeat(MAX_RISON_DEPTH + 1))).toThrow(/nests deeper/);
  expect(() => decodeQueryArgument(`["${"a".repeat(MAX_RISON_LENGTH)}"]`)).toThrow(/longer than/);
  // brackets inside JSON strings do not count as nesting
  expect(decodeQueryArgument(`["${"[".repeat(100)}\\"{"]`)).toEqual([`${"[".repeat(100)}"{`]);
});
