// Shapes shared by the gate corpora. The corpora are data: unit tests run them through gateSql, and integration
// tests (tests/integration/sql-gate-engines.test.ts, and SQL Lab's later) run the reads on the real engines.
import type { SqlDialect } from "../lexer";

export interface CorpusStatement {
  sql: string;
  /** What the statement exercises (reported when a test fails) */
  note: string;
  /** Engines of this dialect where the statement does not exist (MariaDB lacks LATERAL and JSON ->) */
  notOn?: "mariadb"[];
  /** MySQL sql_mode flags under which the statement means something else (a "string" is a name under ANSI_QUOTES) */
  breaksUnder?: string[];
}

export interface GateCorpus {
  dialect: SqlDialect;
  /** Every one must be refused with DML_NOT_ALLOWED_ERROR when DML is not allowed */
  mutating: CorpusStatement[];
  /** Every one must pass the gate, and run on the real engine against gate_target */
  reads: CorpusStatement[];
}
