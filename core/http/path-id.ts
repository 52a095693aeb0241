// An object id taken from a URL path. Superset routes ids with Werkzeug's <int:pk> converter, whose pattern is
// ASCII digits only: no sign, no 0x/0b/0o prefix, no exponent, no decimal point, no surrounding spaces (JavaScript's
// Number() accepts all of those, so DELETE /api/v1/chart/0x10 deleted chart 16). Leading zeros stay accepted, as
// Werkzeug accepts them ("016" is 16: one reading, nothing else can be meant); a path that is not an id is the
// answer to a path that matches no route: 404.
const DIGITS = /^[0-9]+$/;

/** The id, or null when the text is not one (callers answer 404). */
export function parsePathId(raw: string | null | undefined): number | null {
  if (typeof raw !== "string" || !DIGITS.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
