import { expect, test } from "vitest";
import { exampleDataset, json } from "../support/access";
import { loginAsAdmin } from "../support/client";

// "Export to pivoted .CSV" of a pivot table (Superset's result_type post_processed with result_format csv): the
// rows as the chart shows them, pivoted by its form data, totals included; checked against the same query's
// plain JSON rows.

test("POST /api/v1/chart/data post_processed csv answers a pivot table's rows pivoted, with its totals", async () => {
  const admin = await loginAsAdmin();
  const births = await exampleDataset(admin, "birth_names");
  const formData = { viz_type: "pivot_table_v2", groupbyRows: ["gender"], groupbyColumns: ["state"], metrics: [{ expressionType: "SQL", sqlExpression: "SUM(num)", label: "total" }], aggregateFunction: "Sum", rowTotals: true, colTotals: true };
  const query = { columns: ["gender", "state"], metrics: formData.metrics, filters: [{ col: "state", op: "IN", val: ["CA", "NY"] }], row_limit: 1000 };
  const base = { datasource: { id: births.id, type: "table" }, form_data: formData, queries: [query] };

  const plain = (await json(await admin.post("/api/v1/chart/data", { ...base, result_type: "full", result_format: "json" }))).result[0].data as { gender: string; state: string; total: number }[];
  const cell = (g: string, s: string) => plain.find((r) => r.gender === g && r.state === s)?.total ?? 0;
  const expected = [
    ",total CA,total NY,total Total (Sum)",
    ...["boy", "girl"].map((g) => `${g},${cell(g, "CA")},${cell(g, "NY")},${cell(g, "CA") + cell(g, "NY")}`),
    `Total (Sum),${cell("boy", "CA") + cell("girl", "CA")},${cell("boy", "NY") + cell("girl", "NY")},${plain.reduce((s, r) => s + r.total, 0)}`,
  ];
  expect(plain.length).toBe(4);

  const res = await admin.post("/api/v1/chart/data", { ...base, result_type: "post_processed", result_format: "csv" });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/text\/csv/);
  expect((await res.text()).replace(/^\uFEFF/, "")).toBe(`${expected.join("\r\n")}\r\n`);

  // "Export to .CSV" (result_type full) keeps the query's own rows
  const flat = await admin.post("/api/v1/chart/data", { ...base, result_type: "full", result_format: "csv" });
  expect((await flat.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("gender,state,total");
});
