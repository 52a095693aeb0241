import { expect, test } from "vitest";
import { exampleDataset, json, unique } from "../support/access";
import { loginAsAdmin } from "../support/client";

// A chart's CSV / Excel download is named as Superset names it: "superset_", the chart's name made file-safe
// and the time (YYYYMMDD_HHMMSS), not after the dataset's id. The name comes from the form data's slice_name,
// else the chart its slice_id names, else the viz type; a form post may name the file itself.

const fileName = (res: Response) => /^attachment; filename="([^"]+)"$/.exec(res.headers.get("content-disposition") ?? "")?.[1];

test("chart data downloads are named after the chart", async () => {
  const admin = await loginAsAdmin();
  const births = await exampleDataset(admin, "birth_names");
  const query = { columns: ["gender"], metrics: ["count"], row_limit: 10 };
  const datasource = { id: births.id, type: "table" };
  const suffix = unique();
  const name = `Girls & Boys ${suffix}`;
  const safe = `Girls__Boys_${suffix}`; // werkzeug's secure_filename: words joined by "_", then the "&" dropped
  const created = await json(await admin.post("/api/v1/chart/", {
    slice_name: name, viz_type: "table", datasource_id: births.id, datasource_type: "table", params: "{}",
    query_context: JSON.stringify({ datasource, queries: [query], form_data: { viz_type: "table" } }),
  }));
  const id = created.id as number;
  try {
    // Explore / the dashboard menu send the chart's title as slice_name
    const named = await admin.post("/api/v1/chart/data", { datasource, queries: [query], form_data: { viz_type: "table", slice_name: "Births by Gender" }, result_format: "csv", result_type: "full" });
    expect(named.status).toBe(200);
    expect(fileName(named)).toMatch(/^superset_Births_by_Gender_\d{8}_\d{6}\.csv$/);

    // a saved chart named by slice_id only
    const bySlice = await admin.post("/api/v1/chart/data", { datasource, queries: [query], form_data: { viz_type: "table", slice_id: id }, result_format: "xlsx", result_type: "full" });
    expect(fileName(bySlice)).toMatch(new RegExp(`^superset_${safe}_\\d{8}_\\d{6}\\.xlsx$`));

    // two queries: a ZIP, named the same way; no chart name at all falls back to the viz type
    const zip = await admin.post("/api/v1/chart/data", { datasource, queries: [query, query], form_data: { viz_type: "pie" }, result_format: "csv", result_type: "full" });
    expect(fileName(zip)).toMatch(/^superset_pie_\d{8}_\d{6}\.zip$/);

    // GET /api/v1/chart/{pk}/data/ names the file after the saved chart
    const saved = await admin.get(`/api/v1/chart/${id}/data/?format=csv`);
    expect(saved.status).toBe(200);
    expect(fileName(saved)).toMatch(new RegExp(`^superset_${safe}_\\d{8}_\\d{6}\\.csv$`));

    // Superset's form post may carry the file's name (sanitised, its extension not doubled)
    const form = new URLSearchParams({ form_data: JSON.stringify({ datasource, queries: [query], result_format: "csv", result_type: "full" }), filename: "my report.csv" });
    const posted = await admin.raw("/api/v1/chart/data", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
    expect(posted.status).toBe(200);
    expect(fileName(posted)).toBe("my_report.csv");
  } finally {
    await admin.delete(`/api/v1/chart/${id}`);
  }
});
