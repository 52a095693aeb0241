import { describe, expect, it } from "vitest";
import { chartStateFormData, markedItems, markedLines } from "./side-by-side";

describe("side by side helpers", () => {
  it("gives a chart state's form data its dataset and viz type, none without a dataset", () => {
    expect(chartStateFormData({ datasource_id: 4, datasource_type: "table", viz_type: "pie", params: JSON.stringify({ datasource: "1__table", metric: "count" }) }))
      .toEqual({ datasource: "4__table", viz_type: "pie", metric: "count" });
    expect(chartStateFormData({ datasource_id: null, params: "{}" })).toBeNull();
  });

  it("marks the SQL lines and the column rows the other state lacks", () => {
    expect(markedLines("SELECT a\nFROM t\nWHERE x", "SELECT a\nFROM u\nWHERE x")).toEqual([
      { text: "SELECT a", changed: false }, { text: "FROM t", changed: true }, { text: "WHERE x", changed: false },
    ]);
    const a = { columns: [{ column_name: "a", type: "INT" }, { column_name: "b", type: "TEXT" }] };
    const b = { columns: JSON.stringify([{ column_name: "a", type: "INT" }, { column_name: "b", type: "VARCHAR" }]) };
    expect(markedItems("columns", a, b).map((r) => [r.cells[0], r.changed])).toEqual([["a", false], ["b", true]]);
  });
});
