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
