import { badRequest } from "../../http/errors";
import { mysqlDialect } from "./mysql";
import { postgresqlDialect } from "./postgresql";
import { sqliteDialect } from "./sqlite";
import type { Dialect } from "./types";

export type { Dialect, TimeGrain } from "./types";
export { TIME_GRAINS, TIME_GRAIN_NAMES, isTimeGrain } from "./types";

const DIALECTS: Record<string, Dialect> = {
  d1: sqliteDialect,
  sqlite: sqliteDialect,
  postgresql: postgresqlDialect,
  mysql: mysqlDialect,
};

/** The SQL dialect of an engine ("d1" | "postgresql" | "mysql"; "sqlite" is D1's flavour name). */
export function dialectFor(engine: string): Dialect {
  const dialect = DIALECTS[engine];
  if (!dialect) throw badRequest(`Unknown database engine: ${engine}`);
  return dialect;
}
