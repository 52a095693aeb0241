import { expect, test } from "vitest";
import { decodeRison, encodeRison, MAX_RISON_DEPTH, MAX_RISON_LENGTH, RisonError } from "./rison-guard";

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
