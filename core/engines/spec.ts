import type { Dialect } from "../connectors/dialects/types";
import type { QueryDialect } from "../query/dialects";
import type { SqlDialect } from "../sql-gate/lexer";
import type { ColumnKind } from "../uploads/options";
import type { Cell } from "../uploads/infer";

// What the pure floor knows of a database engine, in one value per engine (core/engines/<name>/index.ts),
// listed once in core/engines/registry.ts. The connector that reaches the engine is the services floor's
// (services/connectors/registry.ts, keyed by the EngineName this registry defines). docs/decisions/0003.

export interface EngineLimits {
  /** parameters one statement may bind (D1: Cloudflare's 100; others: kept moderate for memory) */
  maxBoundParameters: number;
  /** SELECTs one compound chain may hold before the engine refuses it; null when no limit matters */
  maxCompoundTerms: number | null;
  /** columns a table may have before CREATE TABLE fails; null when far beyond what a form sends */
  maxColumns: number | null;
}

export interface EngineUpload {
  /** the column type an upload writes for each inferred kind */
  columnTypes: Record<ColumnKind, string>;
  /** INSERTs sent in one write (one round trip to D1, one transaction elsewhere) */
  statementsPerWrite: number;
  /** bound parameters are spelled $1, $2 … (PostgreSQL) rather than ? */
  numberedParameters: boolean;
  /** booleans are bound as 1/0 (SQLite has no boolean type) */
  integerBooleans: boolean;
  /** rows are written as SQL literals up to a byte budget, binding only what must be (D1: core/uploads/sql.ts) */
  inlineRows: boolean;
  /** `RENAME TABLE a TO b, c TO d` swaps tables atomically (MySQL); otherwise ALTER TABLE … RENAME TO */
  renameSwap: boolean;
  /**
   * The type of a column that holds empties, when columnTypes' types take none (Nullable(…) on some warehouses): a
   * column whose first rows hold no empty is made without it, and altered to it when a later row brings one.
   * Absent: every column takes NULL.
   */
  nullable?: (type: string) => string;
  /**
   * What follows CREATE TABLE's column list (a table engine), given the sort key the user chose (its
   * columns quoted, in order; empty when none was chosen). An engine with it takes the upload form's sort_key;
   * the key's columns are made without nullable(), and an empty in one is a bad row.
   */
  tableOptions?: (sortKey: string[]) => string;
  /** rows sent as data after `INSERT INTO t (…) FORMAT <name>` rather than as VALUES (takes over inlineRows) */
  rowFormat?: UploadRowFormat;
}

/** A text format an engine reads the rows of an INSERT in (the statement's body after its first line). */
export interface UploadRowFormat {
  /** the format's name in `FORMAT <name>` */
  name: string;
  /** one row as one line, without its line end; a value the engine would store wrong throws CellRefused */
  line(row: Cell[], kinds: ColumnKind[]): string;
  /** bytes of rows one INSERT carries (the engine makes one part of a table per INSERT: fewer are better) */
  maxBytes: number;
}

/** What SQL Lab offers on the engine; both run the connector's `explain`. */
export interface EngineSqlLab {
  /** the connector's EXPLAIN plans a statement without running it, so SQL Lab may validate with it */
  validator: boolean;
  /** the database answer's allows_cost_estimate: the popover shows the EXPLAIN plan's cost */
  costEstimate: boolean;
}

export interface EngineForm {
  /** the engine's name in the connection form's engine choice */
  label: string;
  /** prefilled host and database of a new connection */
  defaults: { host: string; database: string };
  /** the engine has no URI worth typing (D1's is its binding name): the form always shows fields */
  fieldsOnly: boolean;
  /** the connection names a host (and may name a port) */
  needsHost: boolean;
  /** what the database field must hold, and what the form says when it does not */
  database: { pattern: RegExp; problem: string };
  /** the example in the URI box */
  uriPlaceholder: string;
}

/** A SQLAlchemy URI read apart (core/connectors/uri.ts). */
export interface ParsedUri<N extends string = string> {
  engine: N;
  /** the scheme as written, e.g. "postgresql+psycopg2" */
  scheme: string;
  username: string | null;
  password: string | null;
  host: string | null;
  port: number | null;
  /** database name; for D1 the binding name */
  database: string | null;
  query: Record<string, string>;
}

/** The separate fields of a connection (Superset's "parameters" configuration method). */
export interface UriParts<N extends string = string> {
  engine: N;
  host?: string | null;
  port?: number | null;
  database?: string | null;
  username?: string | null;
  password?: string | null;
  query?: Record<string, string>;
}

/** A URI that is not `scheme://user:password@host:port/database?options` (D1 names a binding). */
export interface EngineUri {
  /** `rest` is what follows `scheme://`; throws a 400 saying what is wrong */
  parse(scheme: string, rest: string): Omit<ParsedUri<string>, "engine">;
  build(parts: UriParts<string>): string;
}

export interface EngineSpec<N extends string = string> {
  /** the `engine` stored with a database and answered by the API */
  name: N;
  /** the engine in messages ("MySQL error: …") */
  label: string;
  /** the engine in the list of supported ones ("MySQL/MariaDB") */
  family: string;
  /** Superset's `driver` of a database answer */
  driver: string;
  /** SQLAlchemy `dialect[+driver]` schemes read as this engine (lower case) */
  schemes: readonly string[];
  defaultPort: number | null;
  /** absent: the network URI form */
  uri?: EngineUri;
  /** quoting, time grains, LIMIT rewriting, SELECT *, native types */
  dialect: Dialect;
  /** literals and matching in chart queries */
  queryDialect: QueryDialect;
  /** the flavour the SQL gate and templates read this engine's SQL in */
  gateDialect: SqlDialect;
  limits: EngineLimits;
  upload: EngineUpload;
  sqlLab: EngineSqlLab;
  form: EngineForm;
}
