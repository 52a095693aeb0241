import { describe, expect, test } from "vitest";
import { exportFileStem, secureFilename } from "./export-filename";

const at = new Date(Date.UTC(2024, 2, 5, 7, 8, 9));

describe("secureFilename", () => {
  test("keeps ASCII letters, digits, _ . - and joins words with _", () => {
    expect(secureFilename("Births by State (2024)")).toBe("Births_by_State_2024");
    expect(secureFilename("../../etc/passwd")).toBe("etc_passwd");
    expect(secureFilename("Café  crème")).toBe("Cafe_creme");
    expect(secureFilename("名前")).toBe("");
  });
});

describe("exportFileStem", () => {
  test("names the download after the chart with Superset's prefix and timestamp", () => {
    expect(exportFileStem(null, { slice_name: "Top 10 Girl Names", viz_type: "table" }, null, at)).toBe("superset_Top_10_Girl_Names_20240305_070809");
  });

  test("falls back to the saved chart's name, then the viz type, then export", () => {
    expect(exportFileStem(null, { viz_type: "pie" }, "Genders", at)).toBe("superset_Genders_20240305_070809");
    expect(exportFileStem(null, { slice_name: "名前", viz_type: "pie" }, null, at)).toBe("superset_pie_20240305_070809");
    expect(exportFileStem(null, {}, null, at)).toBe("superset_export_20240305_070809");
    expect(exportFileStem(null, null, null, at)).toBe("superset_export_20240305_070809");
  });

  test("a requested name wins, sanitised and without the extension the response adds", () => {
    expect(exportFileStem("my report.csv", { slice_name: "X" }, null, at)).toBe("my_report");
    expect(exportFileStem("\"; rm", { slice_name: "X" }, null, at)).toBe("rm");
    expect(exportFileStem("///", { slice_name: "X" }, null, at)).toBe("superset_X_20240305_070809");
  });

  test("caps a long chart name so the file name stays under 255 characters", () => {
    const stem = exportFileStem(null, { slice_name: "a".repeat(250) }, null, at);
    expect(stem).toBe(`superset_${"a".repeat(150)}_20240305_070809`);
  });
});
