import { describe, expect, it } from "vitest";
import type { TableModel } from "../charts/contract";
import { tableGrid } from "./table-grid";

const model = (rows: number, pageSize: number): TableModel => {
  const formatted = Array.from({ length: rows }, (_, i) => ({ name: `row ${i}` }));
  return { kind: "table", columns: [{ key: "name", label: "Name", isNumeric: false }], rows: formatted, formatted, pageSize } as unknown as TableModel;
};

describe("tableGrid", () => {
  it("draws a paged table at its first page, as the browser first shows it", () => {
    const grid = tableGrid(model(10_000, 15));
    expect(grid.body).toHaveLength(15);
    expect(grid.body[14][0].text).toBe("row 14");
  });

  it("draws every row of a table without a page length", () => {
    expect(tableGrid(model(40, 0)).body).toHaveLength(40);
  });
});
