import type { EngineSpec } from "../spec";
import { mysqlDialect } from "./dialect";
import { mysqlQueryDialect } from "./query-dialect";

// MySQL and MariaDB over the network or Hyperdrive. Connector: services/connectors/mysql.
export const mysqlEngine: EngineSpec<"mysql"> = {
  name: "mysql",
  label: "MySQL",
  family: "MySQL/MariaDB",
  driver: "mysqldb",
  schemes: ["mysql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mariadb", "mariadb+mariadbconnector", "mariadb+pymysql"],
  defaultPort: 3306,
  dialect: mysqlDialect,
  queryDialect: mysqlQueryDialect,
  gateDialect: mysqlDialect.flavour,
  // MySQL binds up to 65,535 parameters and holds 4,096 columns, which it reports in its own words
  limits: { maxBoundParameters: 10_000, maxCompoundTerms: null, maxColumns: null },
  upload: {
    columnTypes: { integer: "BIGINT", real: "DOUBLE", boolean: "BOOLEAN", date: "DATE", datetime: "DATETIME", text: "TEXT" },
    statementsPerWrite: 4,
    numberedParameters: false,
    integerBooleans: false,
    inlineRows: false,
    renameSwap: true,
  },
  sqlLab: { validator: true, costEstimate: true },
  form: {
    label: "MySQL / MariaDB",
    defaults: { host: "127.0.0.1", database: "" },
    fieldsOnly: false,
    needsHost: true,
    database: { pattern: /\S/, problem: "A database name is required." },
    uriPlaceholder: "mysql://user:password@host:port/dbname",
  },
};
