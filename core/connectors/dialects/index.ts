import { engineSpec } from "../../engines/registry";
import { sqliteDialect } from "../../engines/d1/dialect";
import type { Dialect } from "./types";

export type { Dialect, TimeGrain } from "./types";
export { TIME_GRAINS, TIME_GRAIN_NAMES, isTimeGrain } from "./types";

/** The SQL dialect of an engine (its spec's, core/engines/); "sqlite" names D1's, as the gate's flavour does. */
export function dialectFor(engine: string): Dialect {
  return engine === "sqlite" ? sqliteDialect : engineSpec(engine).dialect;
}
