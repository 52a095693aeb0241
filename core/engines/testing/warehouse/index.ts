import { mysqlQueryDialect } from "../../mysql/query-dialect";
import type { EngineSpec } from "../../spec";
import { warehouseDialect } from "./dialect";

// A fourth engine that exists only in the tests (core/engines/fourth-engine.test.ts): an HTTP warehouse in
// ClickHouse's manner. It is the whole of what core/ needs for an engine; it is in no registry the product uses.
export const warehouseEngine: EngineSpec<"warehouse"> = {
  name: "warehouse",
  label: "Warehouse",
  family: "Warehouse",
  driver: "http",
  schemes: ["warehouse", "warehouse+http", "warehouse+https"],
  defaultPort: 8443,
  dialect: warehouseDialect,
  // string literals escape backslashes and matching uses LOWER … LIKE / REGEXP, as MySQL's do
  queryDialect: mysqlQueryDialect,
  gateDialect: warehouseDialect.flavour,
  limits: { maxBoundParameters: 1000, maxCompoundTerms: null, maxColumns: 1000 },
  upload: {
    columnTypes: { integer: "Int64", real: "Float64", boolean: "Bool", date: "Date32", datetime: "DateTime64(3)", text: "String" },
    statementsPerWrite: 2,
    numberedParameters: false,
    integerBooleans: false,
    inlineRows: false,
    renameSwap: true,
  },
  sqlLab: { validator: false, costEstimate: false },
  form: {
    label: "Warehouse (HTTP)",
    defaults: { host: "warehouse.internal", database: "default" },
    fieldsOnly: false,
    needsHost: true,
    database: { pattern: /\S/, problem: "A database name is required." },
    uriPlaceholder: "warehouse+https://user:password@host:8443/database",
  },
};
