import { expect, test } from "vitest";
import { addToast, removeToast, TOAST_DURATION_MS } from "./toasts";

test("a new toast goes on top with the duration of its type", () => {
  const list = addToast(addToast([], { id: "a", type: "info", text: "one" }), { id: "b", type: "danger", text: "two" });
  expect(list.map((t) => t.id)).toEqual(["b", "a"]);
  expect(list[0].duration).toBe(8000);
  expect(list[1].duration).toBe(4000);
  expect(TOAST_DURATION_MS).toEqual({ info: 4000, success: 4000, warning: 6000, danger: 8000 });
});

test("a duplicate is skipped only when noDuplicate is set", () => {
  const once = addToast([], { id: "a", type: "warning", text: "same" });
  expect(addToast(once, { id: "b", type: "warning", text: "same", noDuplicate: true })).toHaveLength(1);
  expect(addToast(once, { id: "c", type: "warning", text: "same" })).toHaveLength(2);
});

test("removal is by id", () => {
  const list = addToast(addToast([], { id: "a", type: "info", text: "x" }), { id: "b", type: "info", text: "x" });
  expect(removeToast(list, "a").map((t) => t.id)).toEqual(["b"]);
});
