// A file that cannot be read as asked: Superset answers these as 422 "Parsing error: …"; the line, when known,
// is the 1-based line of the file.
export class UploadParseError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
  }
}

/**
 * A converted value the engine would store as something else (a date outside the engine's range would wrap around): the
 * writer turns it into an UploadParseError naming the row's line and the column.
 */
export class CellRefused extends Error {
  constructor(
    readonly value: string,
    readonly reason: string,
    readonly column: number,
  ) {
    super(`could not write "${value}": ${reason}`);
  }
}
