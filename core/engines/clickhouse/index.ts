import type { EngineSpec } from "../spec";
import { clickhouseDialect } from "./dialect";
import { clickhouseQueryDialect } from "./query-dialect";
import { clickhouseUpload } from "./upload";

// ClickHouse over its HTTP interface (8123; 8443 with TLS: `?secure=true` or port 8443). Superset's URI is
// `clickhousedb://user:password@host:8123/database`. Connector: services/connectors/clickhouse.
export const clickhouseEngine: EngineSpec<"clickhouse"> = {
  name: "clickhouse",
  label: "ClickHouse",
  family: "ClickHouse",
  driver: "connect",
  schemes: ["clickhousedb", "clickhousedb+connect", "clickhouse", "clickhouse+http", "clickhouse+https"],
  defaultPort: 8123,
  dialect: clickhouseDialect,
  queryDialect: clickhouseQueryDialect,
  gateDialect: clickhouseDialect.flavour,
  // the HTTP interface binds no parameters; a MergeTree table holds thousands of columns
  limits: { maxBoundParameters: 10_000, maxCompoundTerms: null, maxColumns: 1000 },
  upload: clickhouseUpload,
  // EXPLAIN arrived in ClickHouse 20.6: no validator nor cost estimate on the servers this supports
  sqlLab: { validator: false, costEstimate: false },
  form: {
    label: "ClickHouse",
    defaults: { host: "127.0.0.1", database: "default" },
    fieldsOnly: false,
    needsHost: true,
    database: { pattern: /\S/, problem: "A database name is required." },
    uriPlaceholder: "clickhousedb://user:password@host:8123/database",
  },
};
