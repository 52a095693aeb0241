import { expect, test } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import { exampleDataset, json } from "../support/access";
import { loginAsAdmin } from "../support/client";

// "Export to Excel" of a big result inside workerd: fflate's asynchronous zip hands files over 160 KB to a Web
// Worker, which workerd does not have ("Worker is not defined", a 500 past ~1,000 rows). 6,000 rows make a
// sheet of several hundred KB; every row must come back, in order, with its values.

test("POST /api/v1/chart/data result_format xlsx answers a 6,000-row sheet", async () => {
  const admin = await loginAsAdmin();
  const births = await exampleDataset(admin, "birth_names");
  const query = { columns: ["name", "state", "gender", "num"], metrics: [], orderby: [["num", false], ["name", true], ["state", true], ["gender", true]], row_limit: 6000 };
  const base = { datasource: { id: births.id, type: "table" }, queries: [query], result_type: "full" };

  const plain = (await json(await admin.post("/api/v1/chart/data", { ...base, result_format: "json" }))).result[0].data as Record<string, unknown>[];
  expect(plain.length).toBe(6000);

  const res = await admin.post("/api/v1/chart/data", { ...base, result_format: "xlsx" });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const book = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const sheet = strFromU8(book["xl/worksheets/sheet1.xml"]);
  expect(sheet.length).toBeGreaterThan(160_000);
  const strings = book["xl/sharedStrings.xml"] ? [...strFromU8(book["xl/sharedStrings.xml"]).matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => m[1]) : [];
  // every row as its cells' text (shared strings resolved), header first
  const rows = [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...row[1].matchAll(/<c([^>]*)>([\s\S]*?)<\/c>/g)].map(([, attrs, inner]) => {
      const text = /<t[^>]*>([^<]*)<\/t>/.exec(inner)?.[1] ?? /<v>([^<]*)<\/v>/.exec(inner)?.[1] ?? "";
      return / t="s"/.test(attrs) ? strings[Number(text)] : text;
    }),
  );
  expect(rows.length).toBe(6001);
  expect(rows[0]).toEqual(["name", "state", "gender", "num"]);
  for (const i of [0, 1, 2999, 5999]) {
    const r = plain[i];
    expect(rows[i + 1]).toEqual([r.name, r.state, r.gender, String(r.num)]);
  }
});
