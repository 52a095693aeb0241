import { expect, test } from "vitest";
import { safeNextPath } from "./redirect";

const ORIGIN = "https://bi.example.com";

test.each([
  ["/sqllab/?id=3#x", "/sqllab/?id=3#x"],
  ["/tablemodelview/list/", "/tablemodelview/list/"],
  ["/%2F%2Fevil.example", "/%2F%2Fevil.example"], // percent-encoded slashes stay a path of ours
  ["/x/../sqllab/", "/sqllab/"], // dot segments resolve to the normalised path
  ["/./dashboard/list/?a=//evil", "/dashboard/list/?a=//evil"], // a query may say anything
  ["/%2e%2e/%2fevil", "/%2fevil"],
  ["/x/.//y", "/x//y"], // a double slash inside the path is not at its start
])("%s stays: %s", (next, expected) => {
  expect(safeNextPath(next, ORIGIN)).toBe(expected);
});

test.each([
  "/\t/evil.example/phish", // the reported attack: browsers drop the tab and read //evil.example
  "/\n/evil.example", "/\r\n/evil.example", " //evil.example", "\u0000//evil.example",
  "//evil.example", "/\\evil.example", "\\\\evil.example", "/\\/evil.example", "https://evil.example/",
  "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "evil.example", "", "/login/?next=/x",
  "http://bi.example.com.evil.example/", "/" + "x".repeat(3000),
  // dot segments and backslashes that normalise to "//host" (the path a browser reads as another host)
  "/.//evil.example/phish", "/x/..//evil", "/%2e//evil", "/%2E//evil", "/%2e%2e//evil", "/.%2e//evil", "/a/b/../..//evil",
  "/../../..//evil", "/.\\\\evil", "/./\\evil", "/x/..\\/evil", "/x/..\\\\evil", "/.\t//evil", "/./\n/evil", "/%2e/\\evil",
  "/x/%2e%2e//evil", "/.//evil.example:8080/", "/.//user@evil.example/", "/login/../login/",
])("%j goes home", (next) => {
  expect(safeNextPath(next, ORIGIN)).toBe("/");
});

test("anything that is not text goes home", () => {
  expect(safeNextPath(undefined, ORIGIN)).toBe("/");
  expect(safeNextPath(["/x"], ORIGIN)).toBe("/");
});
