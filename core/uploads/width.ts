import { unprocessable } from "../http/errors";
import { engineSpec } from "../engines/registry";
import type { EngineSpec } from "../engines/spec";
import type { UploadEngine } from "./sql";

// A table only so wide: D1 refuses a CREATE TABLE of more than D1_MAX_COLUMNS columns, and failing there would
// name our staging table and leave work half done. The width is checked once the columns to write are known
// (after columns_read, with the index column), before anything reaches the database. PostgreSQL (1,600) and
// MySQL (4,096) hold far wider tables than a form is likely to send, and answer in their own words if crossed:
// their specs (core/engines/) set no maxColumns.

export function tooWideMessage(columns: number, max: number, label: string): string {
  return (
    `The file has ${columns} columns to write, but a table in a ${label} database holds at most ${max}. ` +
    `Pick at most ${max} columns with "Columns to read", or upload the file into a PostgreSQL or MySQL database.`
  );
}

/** Throws a 422 when the engine's tables cannot hold this many columns. */
export function checkUploadWidth(engine: UploadEngine | EngineSpec, columns: number): void {
  const { limits, label } = typeof engine === "string" ? engineSpec(engine) : engine;
  if (limits.maxColumns !== null && columns > limits.maxColumns) throw unprocessable(tooWideMessage(columns, limits.maxColumns, label));
}
