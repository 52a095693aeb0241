import { expect, test } from "vitest";
import { wrapWithLimit } from "../connectors/limit-statement";
import { buildUri, parseSqlalchemyUri } from "../connectors/uri";
import { ApiError } from "../http/errors";
import { gateSql } from "../sql-gate/index";
import { uploadSql } from "../uploads/sql";
import { checkUploadWidth } from "../uploads/width";
import { ENGINES, engineRegistry, type EngineRegistry } from "./registry";
import { warehouseEngine } from "./testing/warehouse";

// "A fourth engine is one folder plus one registry line": core/engines/testing/warehouse/ is a whole engine's
// pure part, and the line below registers it through the same registry type the product's engines use.
const registry = engineRegistry([...ENGINES.engines, warehouseEngine]);
const spec = registry.spec("warehouse");

test("the fourth engine's name joins the registry's EngineName", () => {
  type Names = typeof registry extends EngineRegistry<infer N> ? N : never;
  const names: Names[] = ["postgresql", "mysql", "d1", "clickhouse", "warehouse"];
  expect(registry.engines.map((e) => e.name)).toEqual(names);
  expect(registry.isEngine("warehouse")).toBe(true);
  expect(ENGINES.isEngine("warehouse")).toBe(false);
});

test("its URIs are parsed and built through the registry, with its default port", () => {
  expect(parseSqlalchemyUri("warehouse+https://ana:s%40cret@wh.example.com/sales?compress=1", registry)).toEqual({
    engine: "warehouse",
    scheme: "warehouse+https",
    username: "ana",
    password: "s@cret",
    host: "wh.example.com",
    port: 8443,
    database: "sales",
    query: { compress: "1" },
  });
  expect(buildUri({ engine: "warehouse", host: "wh", port: 9000, database: "db", username: "u" }, registry)).toBe("warehouse://u@wh:9000/db");
  // the built-in engines read as before through the larger registry, and the product's registry knows no warehouse
  expect(parseSqlalchemyUri("d1://EXAMPLES", registry)).toMatchObject({ engine: "d1", database: "EXAMPLES" });
  expect(() => parseSqlalchemyUri("warehouse://h/db")).toThrow("Supported engines: PostgreSQL, MySQL/MariaDB, D1, ClickHouse.");
  expect(() => parseSqlalchemyUri("oracle://h/db", registry)).toThrow("Supported engines: PostgreSQL, MySQL/MariaDB, D1, ClickHouse, Warehouse.");
});

test("its dialect quotes, limits and buckets in its own SQL", () => {
  expect(spec.dialect.quoteIdentifier("we`ird")).toBe("`we``ird`");
  expect(spec.dialect.selectStar("events", "raw", ["ts"], 10)).toBe("SELECT `ts`\nFROM `raw`.`events`\nLIMIT 10");
  expect(spec.dialect.timeGrainExpression("`ts`", "P1M")).toBe("toDateTime(toStartOfMonth(`ts`))");
  expect(wrapWithLimit("SELECT * FROM e LIMIT 10, 5000 # all", 100, spec.gateDialect)).toBe("SELECT * FROM e LIMIT 10, 100");
  expect(spec.queryDialect.stringLiteral("a\\'b")).toBe("'a\\\\''b'");
});

test("the SQL gate reads its SQL in its flavour", () => {
  // `#` starts a comment in its flavour (MySQL's), so what follows it is no statement; PostgreSQL's reading differs
  const sql = "SELECT 'x; DROP TABLE e' FROM e # ; DELETE FROM e";
  expect(gateSql(sql, { dialect: spec.gateDialect, allowDml: false }).statements).toHaveLength(1);
  expect(() => gateSql(sql, { dialect: "postgresql", allowDml: false })).toThrow(ApiError);
  expect(() => gateSql("SELECT 1; DROP TABLE e", { dialect: spec.gateDialect, allowDml: false })).toThrow(ApiError);
});

test("uploads follow its limits and column types", () => {
  expect(() => checkUploadWidth(spec, 1000)).not.toThrow();
  expect(() => checkUploadWidth(spec, 1001)).toThrow("a table in a Warehouse database holds at most 1000");
  const sql = uploadSql({ engine: spec, schema: null, columns: [{ name: "n", kind: "integer" }, { name: "at", kind: "datetime" }] });
  expect(sql.create("staging").sql).toBe("CREATE TABLE `staging` (`n` Int64, `at` DateTime64(3))");
  expect(sql.rowsPerInsert).toBe(500);
  expect(sql.insert("staging", [[1, "2024-01-01"]]).sql).toBe("INSERT INTO `staging` (`n`, `at`) VALUES (?, ?)");
});

test("a registry refuses two engines with one name or one scheme", () => {
  expect(() => engineRegistry([warehouseEngine, warehouseEngine])).toThrow("Two engines are named warehouse");
  expect(() => engineRegistry([warehouseEngine, { ...warehouseEngine, name: "other", schemes: ["warehouse"] }])).toThrow(
    "Two engines read the scheme warehouse",
  );
  expect(() => registry.spec("oracle")).toThrow("Unknown database engine: oracle");
});
