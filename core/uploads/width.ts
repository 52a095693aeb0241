import { D1_MAX_COLUMNS } from "../connectors/limits";
import { unprocessable } from "../http/errors";
import type { UploadEngine } from "./sql";

// A table only so wide: D1 refuses a CREATE TABLE of more than D1_MAX_COLUMNS columns, and failing there would
// name our staging table and leave work half done. The width is checked once the columns to write are known
// (after columns_read, with the index column), before anything reaches the database. PostgreSQL (1,600) and
// MySQL (4,096) hold far wider tables than a form is likely to send, and answer in their own words if crossed.

const MAX_COLUMNS: Partial<Record<UploadEngine, number>> = { d1: D1_MAX_COLUMNS };

export function tooWideMessage(columns: number, max: number): string {
  return (
    `The file has ${columns} columns to write, but a table in a D1 database holds at most ${max}. ` +
    `Pick at most ${max} columns with "Columns to read", or upload the file into a PostgreSQL or MySQL database.`
  );
}

/** Throws a 422 when the engine's tables cannot hold this many columns. */
export function checkUploadWidth(engine: UploadEngine, columns: number): void {
  const max = MAX_COLUMNS[engine];
  if (max !== undefined && columns > max) throw unprocessable(tooWideMessage(columns, max));
}
