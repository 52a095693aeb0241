import type { EngineSpec } from "../spec";
import { sqliteDialect } from "./dialect";
import { D1_MAX_COLUMNS, D1_MAX_COMPOUND_TERMS, D1_MAX_PARAMS } from "./limits";
import { d1QueryDialect } from "./query-dialect";
import { d1Uri } from "./uri";

// Cloudflare D1 (SQLite), reached through a binding of this Worker. Connector: services/connectors/d1.
export const d1Engine: EngineSpec<"d1"> = {
  name: "d1",
  label: "D1",
  family: "D1",
  driver: "d1",
  schemes: ["d1"],
  defaultPort: null,
  uri: d1Uri,
  dialect: sqliteDialect,
  queryDialect: d1QueryDialect,
  gateDialect: sqliteDialect.flavour,
  limits: { maxBoundParameters: D1_MAX_PARAMS, maxCompoundTerms: D1_MAX_COMPOUND_TERMS, maxColumns: D1_MAX_COLUMNS },
  upload: {
    columnTypes: { integer: "INTEGER", real: "REAL", boolean: "BOOLEAN", date: "DATE", datetime: "DATETIME", text: "TEXT" },
    // a D1 statement holds up to 90 KB of rows, so ten make a call of about 1 MB, and a 100 MB file about a
    // hundred calls (D1 counts a batch as one of the 1,000 queries a Worker invocation may make)
    statementsPerWrite: 10,
    numberedParameters: false,
    integerBooleans: true,
    inlineRows: true,
    renameSwap: false,
  },
  // EXPLAIN QUERY PLAN checks parse and names; its plan has no costs to show
  sqlLab: { validator: true, costEstimate: false },
  form: {
    label: "D1 binding",
    defaults: { host: "", database: "EXAMPLES" },
    fieldsOnly: true,
    needsHost: false,
    database: { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, problem: "A binding name such as EXAMPLES is required." },
    uriPlaceholder: "d1://EXAMPLES",
  },
};
