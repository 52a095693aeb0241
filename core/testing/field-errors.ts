// For unit tests: the field errors of a validation failure (Superset's `{ message: { field: [...] } }`).
export function fieldErrorsOf(fn: () => unknown): Record<string, string[]> | undefined {
  try {
    fn();
  } catch (e) {
    return (e as { fieldErrors?: Record<string, string[]> }).fieldErrors;
  }
  throw new Error("expected a validation error");
}
