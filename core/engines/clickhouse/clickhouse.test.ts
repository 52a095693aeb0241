import { expect, test } from "vitest";
import { parseSqlalchemyUri } from "../../connectors/uri";
import { wrapWithLimit } from "../../connectors/limit-statement";
import { gateSql } from "../../sql-gate/index";
import { CLICKHOUSE_OUTSIDE } from "../../sql-gate/corpus/clickhouse";
import { codeText } from "../../templates/quote";
import { engineSpec } from "../registry";

const spec = engineSpec("clickhouse");

test("Superset's clickhousedb:// URI is read as ClickHouse with its HTTP port", () => {
  expect(parseSqlalchemyUri("clickhousedb://ana:s%40cret@ch.example.com/sales")).toMatchObject({
    engine: "clickhouse", username: "ana", password: "s@cret", host: "ch.example.com", port: 8123, database: "sales",
  });
  expect(parseSqlalchemyUri("clickhousedb://u@h:8443/db?secure=true")).toMatchObject({ port: 8443, query: { secure: "true" } });
});

test("names are quoted with backticks, backslashes doubled; tables are database-qualified", () => {
  expect(spec.dialect.quoteIdentifier("we`ird\\")).toBe("`we``ird\\\\`");
  expect(spec.dialect.selectStar("events", "raw", ["ts"], 10)).toBe("SELECT `ts`\nFROM `raw`.`events`\nLIMIT 10");
  expect(spec.dialect.genericType("Nullable(DateTime('UTC'))")).toBe(2);
  expect(spec.dialect.genericType("LowCardinality(Nullable(String))")).toBe(1);
  expect(spec.dialect.genericType("Decimal(38, 4)")).toBe(0);
});

test("time grains use only functions ClickHouse 18.16 has", () => {
  for (const grain of ["PT5S", "PT10M", "PT6H", "P7D", "1969-12-28T00:00:00Z/P1W", "P1M"]) {
    expect(spec.dialect.timeGrainExpression("`ts`", grain)).not.toMatch(/toStartOfInterval|toStartOfWeek|toStartOfTenMinutes/);
  }
  expect(spec.dialect.timeGrainExpression("`ts`", "P1M")).toBe("toDateTime(toStartOfMonth(toDateTime(`ts`)))");
});

test("chart literals: backslash-escaped strings, 0/1 booleans, toDateTime bounds on a toDateTime column", () => {
  expect(spec.queryDialect.stringLiteral("a\\'b")).toBe("'a\\\\''b'");
  expect(spec.queryDialect.booleanLiteral(true)).toBe("1");
  expect(spec.queryDialect.datetimeLiteral(new Date("2024-01-02T03:04:05Z"))).toBe("toDateTime('2024-01-02 03:04:05')");
  expect(spec.queryDialect.temporalColumn?.("`d`")).toBe("toDateTime(`d`)");
});

test("the LIMIT is rewritten in ClickHouse's SQL, LIMIT … BY left alone", () => {
  expect(wrapWithLimit("SELECT * FROM e LIMIT 5000", 101, spec.gateDialect)).toBe("SELECT * FROM e LIMIT 101");
  expect(wrapWithLimit("SELECT a FROM e LIMIT 1 BY a", 101, spec.gateDialect)).toMatch(/LIMIT 1 BY a[\s\S]*101/);
});

test("template values are quoted for ClickHouse", () => {
  expect(codeText("it's \\ here", "value", "clickhouse")).toBe("'it''s \\\\ here'");
  expect(codeText("col`x", "identifier", "clickhouse")).toBe("`col``x`");
});

test("what reaches outside the database is refused whether DML is allowed or not", () => {
  const passed: string[] = [];
  for (const entry of CLICKHOUSE_OUTSIDE) {
    for (const allowDml of [false, true]) {
      try {
        gateSql(entry.sql, { dialect: "clickhouse", allowDml });
        passed.push(`${allowDml ? "dml" : "ro"} ${entry.note}: ${entry.sql}`);
      } catch {
        // refused, as it must be
      }
    }
  }
  expect(passed).toEqual([]);
  expect(() => gateSql("SELECT * FROM url('http://x', CSV, 'a String')", { dialect: "clickhouse", allowDml: true })).toThrow(/url\(\)/);
});
