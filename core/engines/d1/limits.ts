// D1's own limits (Cloudflare's, not settable; docs/decisions/0016-d1-limits.md). Code that would cross one
// refuses or splits its work by these numbers, never by a literal of its own.

/** Parameters bound to one D1 statement. */
export const D1_MAX_PARAMS = 100;
/** Columns of one D1 table: a CREATE TABLE with more fails, so an upload this wide is refused before writing. */
export const D1_MAX_COLUMNS = 100;
/** SELECTs in one compound chain (SQLITE_MAX_COMPOUND_SELECT as D1 compiles it). */
export const D1_MAX_COMPOUND_TERMS = 5;
