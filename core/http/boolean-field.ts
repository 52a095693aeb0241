// Marshmallow's fields.Boolean, which Superset's and FAB's request schemas use: scripts send "true", 1 or "yes"
// as readily as true. Anything outside these sets is invalid ("Not a valid boolean."), never silently false.
const TRUTHY = new Set<unknown>([true, 1, "t", "T", "true", "True", "TRUE", "on", "On", "ON", "y", "Y", "yes", "Yes", "YES", "1"]);
const FALSY = new Set<unknown>([false, 0, "f", "F", "false", "False", "FALSE", "off", "Off", "OFF", "n", "N", "no", "No", "NO", "0"]);

/** The boolean a Marshmallow Boolean field reads from `value`, or undefined when it is not one. */
export function booleanField(value: unknown): boolean | undefined {
  if (TRUTHY.has(value)) return true;
  if (FALSY.has(value)) return false;
  return undefined;
}
