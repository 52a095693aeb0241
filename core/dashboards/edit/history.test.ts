import { expect, test } from "vitest";
import { hasChanges, HISTORY_LIMIT, record, redo, startHistory, undo } from "./history";

test("undo and redo walk the history; a new step clears the future; the same value records nothing", () => {
  let h = startHistory("a");
  h = record(h, "b");
  h = record(h, "c");
  expect(record(h, h.present)).toBe(h);
  h = undo(h);
  expect(h.present).toBe("b");
  h = undo(h);
  expect(h.present).toBe("a");
  expect(hasChanges(h)).toBe(false);
  expect(undo(h)).toBe(h);
  h = redo(h);
  expect(h.present).toBe("b");
  expect(hasChanges(h)).toBe(true);
  h = record(h, "d");
  expect(h.future).toEqual([]);
  expect(redo(h)).toBe(h);
});

test("the history keeps at most UNDO_LIMIT + 2 states; past the limit it stays changed after every undo", () => {
  expect(HISTORY_LIMIT).toBe(52);
  let h = startHistory(0);
  for (let i = 1; i <= 60; i++) h = record(h, i);
  expect(h.past.length + 1).toBe(HISTORY_LIMIT);
  expect(h.exceeded).toBe(true);
  while (h.past.length) h = undo(h);
  expect(h.present).toBe(60 - (HISTORY_LIMIT - 1));
  expect(hasChanges(h)).toBe(true);
});
