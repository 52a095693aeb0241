import { evalTimeExpression } from "./expression";
import { resolveTimeRange as resolveWith, type TimeRangeBounds, type TimeRangeOptions } from "./index";

/** A time range with Superset's full grammar, expressions included. */
export function resolveTimeRange(timeRange: string | null | undefined, options: TimeRangeOptions): TimeRangeBounds {
  return resolveWith(timeRange, options, evalTimeExpression);
}
