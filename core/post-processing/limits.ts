import { postProcessingError } from "./frame";
import {
  formatLimit, MAX_HISTOGRAM_BINS, MAX_OPTION_ITEMS, MAX_POST_PROCESSING_CELLS, MAX_POST_PROCESSING_COLUMNS, MAX_POST_PROCESSING_WORK, MAX_WINDOW,
} from "../limits";

// The options of a post-processing step that set how much work or output it makes, checked against core/limits.ts
// before any query runs (the query context's parser calls stepLimitProblems). What only the rows can tell (how many
// columns a pivot makes, how many rows times a window) is checked by the operation with the same limits, before
// it allocates anything (assertOutputSize, assertWork).

/** Integer options that scale an operation's work, by operation: [option, limit, the limit's name]. */
const SCALING_OPTIONS: Record<string, [option: string, limit: number, name: string][]> = {
  histogram: [["bins", MAX_HISTOGRAM_BINS, "MAX_HISTOGRAM_BINS"]],
  rolling: [["window", MAX_WINDOW, "MAX_WINDOW"], ["min_periods", MAX_WINDOW, "MAX_WINDOW"]],
  diff: [["periods", MAX_WINDOW, "MAX_WINDOW"]],
};

const atMost = (limit: number, name: string) => `Must be at most ${formatLimit(limit)} (the limit ${name}).`;

/** Problems with one step's options as { "options.<name>": message }: numbers over their limit, lists too long. */
export function stepLimitProblems(step: { operation: string; options?: unknown }): Record<string, string> {
  const problems: Record<string, string> = {};
  const options = step.options;
  if (!options || typeof options !== "object" || Array.isArray(options)) return problems;
  const own = options as Record<string, unknown>;
  const scaling = Object.hasOwn(SCALING_OPTIONS, step.operation) ? SCALING_OPTIONS[step.operation] : [];
  for (const [option, limit, name] of scaling) {
    const v = own[option];
    if (typeof v === "number" && v > limit) problems[`options.${option}`] = atMost(limit, name);
  }
  // any list or mapping option (columns, aggregates, groupby, renames …): each item is work for every row
  for (const [option, v] of Object.entries(own)) {
    const items = Array.isArray(v) ? v.length : v && typeof v === "object" ? Object.keys(v).length : 0;
    if (items > MAX_OPTION_ITEMS) problems[`options.${option}`] = `At most ${formatLimit(MAX_OPTION_ITEMS)} items (the limit MAX_OPTION_ITEMS).`;
  }
  return problems;
}

/** Refuses a step's output before it is built: too many columns, or rows × columns over the cell limit. */
export function assertOutputSize(operation: string, rows: number, columns: number): void {
  if (columns > MAX_POST_PROCESSING_COLUMNS)
    throw postProcessingError(operation, `the result would have ${formatLimit(columns)} columns, more than the ${formatLimit(MAX_POST_PROCESSING_COLUMNS)} allowed (the limit MAX_POST_PROCESSING_COLUMNS)`);
  if (rows * columns > MAX_POST_PROCESSING_CELLS)
    throw postProcessingError(operation, `the result would have ${formatLimit(rows * columns)} cells (rows × columns), more than the ${formatLimit(MAX_POST_PROCESSING_CELLS)} allowed (the limit MAX_POST_PROCESSING_CELLS)`);
}

/** Refuses a step whose work (value visits, e.g. rows × window for each series) would pass the limit. */
export function assertWork(operation: string, visits: number): void {
  if (visits > MAX_POST_PROCESSING_WORK)
    throw postProcessingError(operation, `it would visit ${formatLimit(visits)} values, more than the ${formatLimit(MAX_POST_PROCESSING_WORK)} allowed (the limit MAX_POST_PROCESSING_WORK): use a smaller window or fewer rows`);
}
