import { expect, test } from "vitest";
import defineProperty from "./babel-define-property.mjs";
import trimOf from "./babel-instance-trim.mjs";

// the helpers the shims replace (no type declarations ship with them)
const babel = (path: string) => import(`@babel/runtime-corejs3/${path}`).then((m: { default: unknown }) => m.default);
const realDefineProperty = (await babel("helpers/esm/defineProperty")) as typeof defineProperty;
const realTrim = (await babel("core-js/instance/trim")) as (s: string) => () => string;

test("defineProperty behaves as Babel's helper on new and existing keys", () => {
  for (const helper of [defineProperty, realDefineProperty]) {
    const target: Record<string, unknown> = { a: 1 };
    helper(target, "a", 2);
    helper(target, "b", 3);
    expect(target).toEqual({ a: 2, b: 3 });
    expect(Object.getOwnPropertyDescriptor(target, "a")).toEqual({ value: 2, enumerable: true, configurable: true, writable: true });
  }
});

test("trim answers the same as core-js's instance method", () => {
  for (const text of ["  padded  ", "\n\tmixed \u00a0", "none"]) expect(trimOf(text).call(text)).toBe(realTrim(text).call(text));
});
