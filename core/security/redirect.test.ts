import { expect, test } from "vitest";
import { safeNextPath } from "./redirect";

const ORIGIN = "https://bi.example.com";

test.each([
  ["/sqllab/?id=3#x", "/sqllab/?id=3#x"],
  ["/tablemodelview/list/", "/tablemodelview/list/"],
  ["/%2F%2Fevil.example", "/%2F%2Fevil.example"], // percent-encoded slashes stay a path of ours
])("%s stays: %s", (next, expected) => {
  expect(safeNextPath(next, ORIGIN)).toBe(expected);
});

test.each([
  "/\t/evil.example/phish", // the reported attack: browsers drop the tab and read //evil.example
  "/\n/evil.example", "/\r\n/evil.example", " //evil.example", "\u0000//evil.example",
  "//evil.example", "/\\evil.example", "\\\\evil.example", "/\\/evil.example", "https://evil.example/",
  "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "evil.example", "", "/login/?next=/x",
  "http://bi.example.com.evil.example/", "/" + "x".repeat(3000),
])("%j goes home", (next) => {
  expect(safeNextPath(next, ORIGIN)).toBe("/");
});

test("anything that is not text goes home", () => {
  expect(safeNextPath(undefined, ORIGIN)).toBe("/");
  expect(safeNextPath(["/x"], ORIGIN)).toBe("/");
});
