import { expect, test } from "vitest";
import { addToast, fieldErrorSummary, removeToast, TOAST_DURATION_MS } from "./toasts";

test("a new toast goes on top with the duration of its type", () => {
  const list = addToast(addToast([], { id: "a", type: "info", text: "one" }), { id: "b", type: "danger", text: "two" });
  expect(list.map((t) => t.id)).toEqual(["b", "a"]);
  expect(list[0].duration).toBe(8000);
  expect(list[1].duration).toBe(4000);
  expect(TOAST_DURATION_MS).toEqual({ info: 4000, success: 4000, warning: 6000, danger: 8000 });
});

test("a duplicate is never stacked: noDuplicate keeps the first, otherwise the repeat replaces it on top", () => {
  const once = addToast(addToast([], { id: "a", type: "warning", text: "same" }), { id: "x", type: "info", text: "other" });
  expect(addToast(once, { id: "b", type: "warning", text: "same", noDuplicate: true }).map((t) => t.id)).toEqual(["x", "a"]);
  expect(addToast(once, { id: "c", type: "warning", text: "same" }).map((t) => t.id)).toEqual(["c", "x"]);
  // the same words as another type are another message
  expect(addToast(once, { id: "d", type: "danger", text: "same" })).toHaveLength(3);
});

test("a success clears the errors shown before it, not the warnings or infos", () => {
  let list = addToast([], { id: "e1", type: "danger", text: "Connection failed" });
  list = addToast(list, { id: "w", type: "warning", text: "Slow" });
  list = addToast(list, { id: "s", type: "success", text: "Connected" });
  expect(list.map((t) => t.id)).toEqual(["s", "w"]);
});

test("field errors read with labels, never raw keys", () => {
  expect(fieldErrorSummary({ database_name: "A database with the same name already exists." })).toBe("Database name: A database with the same name already exists.");
  expect(fieldErrorSummary({ sqlalchemy_uri: "Invalid URI" })).toBe("SQLAlchemy URI: Invalid URI");
  expect(fieldErrorSummary({ _schema: "Must provide a password for the database" })).toBe("Must provide a password for the database");
  expect(fieldErrorSummary({ first_name: "First name is required" })).toBe("First name is required");
  expect(fieldErrorSummary({ extra: "Not JSON" }, { extra: "Extra settings" })).toBe("Extra settings: Not JSON");
  expect(fieldErrorSummary({})).toBe("Please correct the highlighted fields.");
});

test("removal is by id", () => {
  const list = addToast(addToast([], { id: "a", type: "info", text: "x" }), { id: "b", type: "info", text: "x" });
  expect(removeToast(list, "a").map((t) => t.id)).toEqual(["b"]);
});
