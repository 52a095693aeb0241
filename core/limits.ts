// Upper bounds on the work and output one request may ask for, in one place. A Worker isolate has 128 MB and
// one thread for every request it serves: an option that multiplies work (a histogram's bins, a rolling window,
// a pivot's columns, time offsets, a template's loops) must be bounded before the work starts, and refused with
// a 400 that names the limit, or one low-privileged request takes every other request in the isolate down with it.
// The chart-data limits are checked where the query context is parsed (core/chart-data/query-context.ts); the
// post-processing operations check what only the rows can tell (core/post-processing); templates check theirs
// while they render (core/templates/budget.ts).

/** Queries in one chart-data request. */
export const MAX_QUERIES = 20;
/** Items in one list of a query object (columns, metrics, filters, orderby, post_processing …). */
export const MAX_QUERY_ITEMS = 500;
/** Time comparisons (`time_offsets`) in one query: each runs the query once more. */
export const MAX_TIME_OFFSETS = 10;
/** Database queries one chart-data request may run: each query, plus one more per time offset. */
export const MAX_QUERY_RUNS = 40;
/** Post-processing steps in one query. */
export const MAX_POST_PROCESSING_STEPS = 50;
/** A histogram's `bins`. */
export const MAX_HISTOGRAM_BINS = 1_000;
/** A rolling window (`window`, `min_periods`) and a `diff`'s `periods`, in rows. */
export const MAX_WINDOW = 10_000;
/** Cells (rows × columns) a post-processing step may produce: a pivot's columns are the product of its values. */
export const MAX_POST_PROCESSING_CELLS = 5_000_000;
/** Columns a post-processing step may produce (a pivot's value combinations × aggregates, histogram bins …). */
export const MAX_POST_PROCESSING_COLUMNS = 10_000;
/** Values a post-processing step may visit (a rolling window visits rows × window values of each series). */
export const MAX_POST_PROCESSING_WORK = 50_000_000;
/** Rows a resample may produce. */
export const MAX_RESAMPLE_ROWS = 100_000;
/** Items (column names, aggregates, renames …) one post-processing option may list. */
export const MAX_OPTION_ITEMS = 500;

/** Evaluation steps one template render may take (each expression, statement, loop item and iteration is a step). */
export const MAX_TEMPLATE_STEPS = 100_000;
/** Building a string or list costs one more step per this many characters or items. */
export const TEMPLATE_STEP_SIZE = 100;
/** Characters (or list items) of any value a template builds, and of the rendered SQL with its values placed. */
export const MAX_TEMPLATE_OUTPUT = 1_000_000;
/** Items a template's range() may produce (Jinja's sandbox MAX_RANGE). */
export const MAX_TEMPLATE_RANGE = 100_000;

/** "10000" as "10,000", as the messages name the limits. */
export const formatLimit = (n: number) => n.toLocaleString("en-US");
