import type { EngineSpec } from "../spec";
import { postgresqlDialect } from "./dialect";
import { postgresqlQueryDialect } from "./query-dialect";

// PostgreSQL over the network or Hyperdrive. Connector: services/connectors/postgresql.
export const postgresqlEngine: EngineSpec<"postgresql"> = {
  name: "postgresql",
  label: "PostgreSQL",
  family: "PostgreSQL",
  driver: "psycopg2",
  schemes: ["postgresql", "postgresql+psycopg2", "postgresql+psycopg", "postgresql+pg8000", "postgres"],
  defaultPort: 5432,
  dialect: postgresqlDialect,
  queryDialect: postgresqlQueryDialect,
  gateDialect: postgresqlDialect.flavour,
  // PostgreSQL binds up to 65,535 parameters and holds 1,600 columns, which it reports in its own words
  limits: { maxBoundParameters: 10_000, maxCompoundTerms: null, maxColumns: null },
  upload: {
    columnTypes: { integer: "BIGINT", real: "DOUBLE PRECISION", boolean: "BOOLEAN", date: "DATE", datetime: "TIMESTAMP WITHOUT TIME ZONE", text: "TEXT" },
    statementsPerWrite: 4,
    numberedParameters: true,
    integerBooleans: false,
    inlineRows: false,
    renameSwap: false,
  },
  // EXPLAIN inside a read-only transaction
  sqlLab: { validator: true, costEstimate: true },
  form: {
    label: "PostgreSQL",
    defaults: { host: "127.0.0.1", database: "" },
    fieldsOnly: false,
    needsHost: true,
    database: { pattern: /\S/, problem: "A database name is required." },
    uriPlaceholder: "postgresql://user:password@host:port/dbname",
  },
};
