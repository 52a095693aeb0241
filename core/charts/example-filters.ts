// The adhoc filters the example charts carry, in the shape Superset's filter popover saves them, so an example
// chart opened in Explore shows its filters as a user would have set them.

/** Superset's default time filter: a TEMPORAL_RANGE of "No filter" on the dataset's time column. */
export const noTimeFilter = (column: string) => ({ clause: "WHERE", subject: column, operator: "TEMPORAL_RANGE", comparator: "No filter", expressionType: "SIMPLE" });

/** A time range as the time range picker's Advanced tab writes it ("start : end"). */
export const timeRange = (column: string, range: string) => ({ clause: "WHERE", subject: column, operator: "TEMPORAL_RANGE", comparator: range, expressionType: "SIMPLE" });

/** A simple WHERE clause on one column, e.g. state == 'CA'. */
export const where = (column: string, operator: string, comparator: unknown) => ({ clause: "WHERE", subject: column, operator, comparator, expressionType: "SIMPLE" });
