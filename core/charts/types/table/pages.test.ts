import { describe, expect, it } from "vitest";
import { tablePage } from "./pages";

describe("tablePage", () => {
  it("shows every row when the table is not paged or fits one page", () => {
    expect(tablePage(10_000, 0, 1)).toEqual({ start: 0, end: 10_000, pages: 1, page: 1 });
    expect(tablePage(12, 15, 3)).toEqual({ start: 0, end: 12, pages: 1, page: 1 });
    expect(tablePage(0, 15, 1)).toEqual({ start: 0, end: 0, pages: 1, page: 1 });
  });

  it("cuts a long result into pages of page_length rows", () => {
    expect(tablePage(10_000, 15, 1)).toEqual({ start: 0, end: 15, pages: 667, page: 1 });
    expect(tablePage(10_000, 15, 2)).toEqual({ start: 15, end: 30, pages: 667, page: 2 });
    // the last page holds the remainder
    expect(tablePage(10_000, 15, 667)).toEqual({ start: 9_990, end: 10_000, pages: 667, page: 667 });
  });

  it("keeps the page within the result", () => {
    expect(tablePage(40, 15, 9)).toEqual({ start: 30, end: 40, pages: 3, page: 3 });
    expect(tablePage(40, 15, 0)).toEqual({ start: 0, end: 15, pages: 3, page: 1 });
    expect(tablePage(40, 15, Number.NaN)).toEqual({ start: 0, end: 15, pages: 3, page: 1 });
  });
});
