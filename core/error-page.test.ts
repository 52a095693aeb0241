import { expect, test } from "vitest";
import { errorPageText } from "./error-page";

test("an unknown route gets a plain 404, never Remix's developer text", () => {
  const text = errorPageText({ status: 404, data: 'Error: No route matches URL "/nowhere"' }, "/nowhere");
  expect(text).toEqual({ status: 404, title: "Page not found", message: "There is no page at /nowhere. It may have moved, or the link may be wrong." });
  expect(JSON.stringify(errorPageText({ status: 405, data: 'You made a POST request to "/x" but did not provide an `action`' }, "/x"))).not.toContain("action");
});

test("messages our loaders throw are kept; thrown errors and server failures get a generic sentence", () => {
  expect(errorPageText({ status: 404, data: "Dataset not found" }, "/x")).toMatchObject({ title: "Page not found", message: "Dataset not found" });
  expect(errorPageText({ status: 403, data: "" }, "/x").message).toMatch(/Ask an admin/);
  expect(errorPageText({ status: 500, data: "TypeError: x is undefined" }, "/x")).toMatchObject({ title: "Something went wrong" });
  expect(errorPageText(null, "/x").title).toBe("Something went wrong");
});
