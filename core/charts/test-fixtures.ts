// Shared by the chart types' tests: the parts of a query object that Superset's buildQueryObject gives every chart
// of the example bundle alike, so each test spells out only what its chart type decides.

/** The example bundle's charts all carry this "No filter" time range on order_date. */
export const temporalRange = { clause: "WHERE", subject: "order_date", operator: "TEMPORAL_RANGE", comparator: "No filter", expressionType: "SIMPLE" };

/** The query object Superset sends for an example chart: its baseline plus what the chart type sets. */
export function supersetQuery(specific: Record<string, unknown>): Record<string, unknown> {
  return {
    applied_time_extras: {},
    filters: [{ col: "order_date", op: "TEMPORAL_RANGE", val: "No filter" }],
    extras: { having: "", where: "" },
    annotation_layers: [],
    timeseries_limit: 0,
    order_desc: true,
    url_params: {},
    custom_params: {},
    custom_form_data: {},
    ...specific,
  };
}

/** Superset's BASE_AXIS column for an x-axis named in form data. */
export const baseAxis = (column: string, grain: string) => ({ timeGrain: grain, columnType: "BASE_AXIS", sqlExpression: column, label: column, expressionType: "SQL", isColumnReference: true });
