import { expect, test } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import { resultCsv, resultXlsx, zipFiles } from "./exports";

const result = {
  colnames: ["day", "name", "n", "ok"],
  coltypes: [2, 1, 0, 3],
  data: [
    { day: Date.UTC(2024, 0, 2, 3, 4, 5), name: "=cmd()", n: 1.5, ok: true },
    { day: null, name: "a, \"b\"", n: null, ok: false },
  ],
};

test("csv: header, quoting, formulas defused, BOM", () => {
  expect(resultCsv(result)).toBe(`\uFEFFday,name,n,ok\r\n${Date.UTC(2024, 0, 2, 3, 4, 5)},'=cmd(),1.5,true\r\n,"a, ""b""",,false\r\n`);
});

test("xlsx: a real workbook whose sheet holds the header, typed numbers, dates as serials and text never as a formula", async () => {
  const files = unzipSync(await resultXlsx(result));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["[Content_Types].xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml"]));
  const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]);
  const strings = files["xl/sharedStrings.xml"] ? strFromU8(files["xl/sharedStrings.xml"]) : sheet;
  for (const text of ["day", "name", "=cmd()", "a, &quot;b&quot;"]) expect(strings.replace(/"/g, "&quot;")).toContain(text.replace(/"/g, "&quot;"));
  expect(sheet).not.toContain("<f>");
  expect(sheet).toContain("<v>1.5</v>");
  // 2024-01-02 03:04:05 is Excel serial 45293 + (3*3600+4*60+5)/86400
  const serial = 45293 + (3 * 3600 + 4 * 60 + 5) / 86400;
  const written = Number(/<c r="A2"[^>]*><v>([^<]+)<\/v>/.exec(sheet)?.[1]);
  expect(written).toBeCloseTo(serial, 6);
});

test("several results zip as query_1, query_2", () => {
  const zip = unzipSync(zipFiles({ "query_1.csv": new TextEncoder().encode("a"), "query_2.csv": new TextEncoder().encode("b") }));
  expect(Object.fromEntries(Object.entries(zip).map(([k, v]) => [k, strFromU8(v)]))).toEqual({ "query_1.csv": "a", "query_2.csv": "b" });
});
