import { expect, test } from "vitest";
import { loginAsAdmin } from "../support/client";
import { exampleDataset, json, unique } from "../support/access";

// A dataset save checks new metric and calculated-column expressions on the engine (through the SQL gate and a
// zero-row query) and refuses the save with a message naming the bad expression.

/** A virtual dataset over birth_names, so the example dataset itself is never changed. */
async function copyOfBirthNames() {
  const admin = await loginAsAdmin();
  const base = await exampleDataset(admin, "birth_names");
  const res = await admin.post("/api/v1/dataset/", { database: base.database.id, table_name: `births_${unique()}`, sql: "SELECT * FROM birth_names", schema: "main" });
  expect(res.status).toBe(201);
  return { admin, id: (await json<{ id: number }>(res)).id };
}

test("a metric on a column that does not exist is refused, naming the metric; nothing is saved", async () => {
  const { admin, id } = await copyOfBirthNames();
  const bad = await admin.put(`/api/v1/dataset/${id}`, { metrics: [{ metric_name: "good", expression: "SUM(num)" }, { metric_name: "bad_sum", expression: "SUM(no_such_column)" }] });
  expect(bad.status).toBe(422);
  const body = await json<{ message: { metrics: string[] } }>(bad);
  expect(body.message.metrics).toHaveLength(1);
  expect(body.message.metrics[0]).toMatch(/^Metric "bad_sum" has an invalid SQL expression \(SUM\(no_such_column\)\): .*no_such_column/);
  const after = await json<{ result: { metrics: { metric_name: string }[] } }>(await admin.get(`/api/v1/dataset/${id}`));
  expect(after.result.metrics.map((m) => m.metric_name)).not.toContain("good");
});

test("an expression the SQL gate refuses and a broken calculated column are named too", async () => {
  const { admin, id } = await copyOfBirthNames();
  const res = await admin.put(`/api/v1/dataset/${id}`, {
    metrics: [{ metric_name: "sneaky", expression: "SUM(num)) FROM birth_names; DROP TABLE birth_names; --" }],
    columns: [{ column_name: "calc", expression: "nope_column * 2" }],
  });
  expect(res.status).toBe(422);
  const { message } = await json<{ message: { metrics: string[]; columns: string[] } }>(res);
  expect(message.metrics[0]).toMatch(/^Metric "sneaky" has an invalid SQL expression/);
  expect(message.columns[0]).toMatch(/^Calculated column "calc" has an invalid SQL expression \(nope_column \* 2\)/);
});

test("valid new expressions save; unchanged ones are not run again", async () => {
  const { admin, id } = await copyOfBirthNames();
  const ok = await admin.put(`/api/v1/dataset/${id}`, { metrics: [{ metric_name: "boys", expression: "SUM(num_boys)" }] });
  expect(ok.status).toBe(200);
  const saved = await json<{ result: { metrics: { id: number; metric_name: string; expression: string }[] } }>(ok);
  const boys = saved.result.metrics.find((m) => m.metric_name === "boys")!;
  expect(boys.expression).toBe("SUM(num_boys)");
  const again = await admin.put(`/api/v1/dataset/${id}`, { metrics: [{ id: boys.id, metric_name: "boys", expression: "SUM(num_boys)", verbose_name: "Boys" }] });
  expect(again.status).toBe(200);
});
