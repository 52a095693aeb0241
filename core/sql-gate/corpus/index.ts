// The gate corpora and what a test needs to run them against a real engine: the gate_target table, its rows and
// a checksum query. SQL Lab's integration tests can send `mutating` through the execute endpoint and compare
// `checksumSql` before and after (the helper `corpusRunPlan` lists the steps).
import type { SqlDialect } from "../lexer";
import { clickhouseCorpus } from "./clickhouse";
import { mysqlCorpus } from "./mysql";
import { postgresqlCorpus } from "./postgresql";
import { sqliteCorpus } from "./sqlite";
import type { GateCorpus } from "./types";

export type { CorpusStatement, GateCorpus } from "./types";
export { clickhouseCorpus, mysqlCorpus, postgresqlCorpus, sqliteCorpus };

export const GATE_CORPORA: Record<SqlDialect, GateCorpus> = {
  postgresql: postgresqlCorpus,
  mysql: mysqlCorpus,
  sqlite: sqliteCorpus,
  clickhouse: clickhouseCorpus,
};

export const GATE_TARGET_ROWS: ReadonlyArray<readonly [number, string]> = [
  [1, "alpha"],
  [2, "beta"],
  [3, "gamma"],
];

/** Statements that (re)create gate_target with its rows, one per array entry. */
export function gateTargetSetup(dialect: SqlDialect): string[] {
  const values = GATE_TARGET_ROWS.map(([id, name]) => `(${id}, '${name}')`).join(", ");
  const drop = dialect === "postgresql" ? "DROP TABLE IF EXISTS gate_target CASCADE" : "DROP TABLE IF EXISTS gate_target";
  const create =
    dialect === "clickhouse" ? "CREATE TABLE gate_target (id Int32, name String) ENGINE = MergeTree ORDER BY id" : "CREATE TABLE gate_target (id int PRIMARY KEY, name text)";
  return [drop, create, `INSERT INTO gate_target (id, name) VALUES ${values}`];
}

/** One row, one column: a fingerprint of every row of gate_target (row count included). */
export function checksumSql(dialect: SqlDialect): string {
  switch (dialect) {
    case "postgresql":
      return "SELECT count(*) || ':' || coalesce(md5(string_agg(id || ':' || name, ',' ORDER BY id)), '') AS checksum FROM gate_target";
    case "mysql":
      return "SELECT CONCAT(COUNT(*), ':', COALESCE(MD5(GROUP_CONCAT(CONCAT(id, ':', name) ORDER BY id SEPARATOR ',')), '')) AS checksum FROM gate_target";
    case "sqlite":
      return "SELECT count(*) || ':' || coalesce(group_concat(id || ':' || name, ','), '') AS checksum FROM (SELECT id, name FROM gate_target ORDER BY id)";
    case "clickhouse":
      return "SELECT concat(toString(count()), ':', hex(MD5(arrayStringConcat(arraySort(groupArray(concat(toString(id), ':', name))), ',')))) AS checksum FROM gate_target";
  }
}

/** The plan another area's test follows: set up, checksum, send every refused statement, checksum again. */
export function corpusRunPlan(dialect: SqlDialect) {
  return {
    setup: gateTargetSetup(dialect),
    checksum: checksumSql(dialect),
    mutating: GATE_CORPORA[dialect].mutating,
    reads: GATE_CORPORA[dialect].reads,
  };
}
