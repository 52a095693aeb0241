import { expect, test } from "vitest";
import { uploadSql } from "../../uploads/sql";
import { CellRefused } from "../../uploads/errors";
import { gateSql } from "../../sql-gate/index";
import { engineSpec } from "../registry";
import { tabSeparated } from "./upload";

const spec = engineSpec("clickhouse");
const columns = [
  { name: "id", kind: "integer" as const, nullable: false },
  { name: "we`ird", kind: "text" as const, nullable: true },
  { name: "at", kind: "datetime" as const, nullable: false },
];
const sql = uploadSql({ engine: "clickhouse", schema: "raw", columns });

test("an upload's table is a MergeTree with Nullable only where the first rows hold empties; times in UTC", () => {
  expect(sql.create("t").sql).toBe("CREATE TABLE `raw`.`t` (`id` Int64, `we``ird` Nullable(String), `at` DateTime('UTC')) ENGINE = MergeTree ORDER BY tuple()");
  expect(sql.makeNullable("t", 0).sql).toBe("ALTER TABLE `raw`.`t` MODIFY COLUMN `id` Nullable(Int64)");
  // the user's sort key: the table's ORDER BY, its names quoted, and through the gate like the rest
  const sorted = uploadSql({ engine: "clickhouse", schema: "raw", columns, sortKey: ["at", "we`ird"] }).create("t").sql;
  expect(sorted).toMatch(/ENGINE = MergeTree ORDER BY \(`at`, `we``ird`\)$/);
  expect(() => gateSql(sorted, { dialect: spec.gateDialect, allowDml: true })).not.toThrow();
  // a column whose nullability is not known takes empties
  expect(uploadSql({ engine: "clickhouse", schema: null, columns: [{ name: "b", kind: "boolean" }] }).create("t").sql).toContain("`b` Nullable(UInt8)");
  // every statement the writer makes passes the gate in ClickHouse's flavour, DML allowed
  for (const st of [sql.create("t"), sql.makeNullable("t", 0), sql.insert("t", [[null, null, null]]), sql.rename("s", "t", ["t", "o"]), sql.drop("t"), sql.appendFrom("s", "t")]) {
    expect(() => gateSql(st.sql, { dialect: spec.gateDialect, allowDml: true })).not.toThrow();
  }
});

test("rows are TabSeparated lines after INSERT … FORMAT: escapes keep every value inside its field", () => {
  const packer = sql.packer("t");
  expect(packer.push([1, "a\tb\nc\\N\r\0'?", "2024-02-29 10:00:00"])).toBeNull();
  expect(packer.push([-2.5e-7, null, null])).toBeNull();
  expect(packer.push([true as never, "", "1970-01-01 00:00:00"])).toBeNull();
  expect(packer.held()).toBe(3);
  const st = packer.end()!;
  expect(st.params).toEqual([]);
  expect(st.sql).toBe(
    "INSERT INTO `raw`.`t` (`id`, `we``ird`, `at`) FORMAT TabSeparated\n" +
      "1\ta\\tb\\nc\\\\N\\r\\0'?\t2024-02-29 10:00:00\n" +
      "-2.5e-7\t\\N\t\\N\n" +
      "1\t\t1970-01-01 00:00:00\n",
  );
  expect(packer.end()).toBeNull();
});

test("a statement carries rows up to the format's byte budget; the row that does not fit starts the next", () => {
  const packer = sql.packer("t");
  const row = [1, "x".repeat(1023), "2020-01-01 00:00:00"];
  const lineBytes = tabSeparated.line(row, ["integer", "text", "datetime"]).length + 1;
  const perStatement = Math.floor(tabSeparated.maxBytes / lineBytes);
  let full = null;
  let pushed = 0;
  while (!full) {
    full = packer.push(row);
    pushed++;
  }
  expect(pushed).toBe(perStatement + 1);
  expect(full.sql.split("\n").length - 2).toBe(perStatement);
  expect(packer.held()).toBe(1);
});

test("dates ClickHouse cannot hold (it would wrap them around) are refused with the column", () => {
  const kinds = ["integer", "text", "datetime"] as const;
  expect(() => tabSeparated.line([1, "a", "1969-12-31 23:59:59"], [...kinds])).toThrow(new CellRefused("1969-12-31 23:59:59", "ClickHouse stores dates from 1970-01-01 to 2105-12-31", 2));
  expect(() => tabSeparated.line([1, "a", "2106-01-01 00:00:00"], [...kinds])).toThrow(CellRefused);
  expect(tabSeparated.line([1, "1969-01-01", "2105-12-31 23:59:59"], [...kinds])).toBe("1\t1969-01-01\t2105-12-31 23:59:59");
  expect(() => tabSeparated.line([Number.NaN, "a", null], [...kinds])).toThrow(CellRefused);
});
