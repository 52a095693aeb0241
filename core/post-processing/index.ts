import { ApiError } from "../http/errors";
import { fromRows, postProcessingError, toRows, type Frame } from "./frame";
import { aggregate, pivot } from "./ops/aggregate-pivot";
import { compare, contribution, cum, diff, rank, rolling } from "./ops/window";
import { flatten, rename, select, sort } from "./ops/shape";
import { resample } from "./ops/resample";
import { boxplot, histogram } from "./ops/distribution";
import { geodeticParse, geohashDecode, geohashEncode } from "./ops/geo";

// Superset's chart-data post-processing (superset/utils/pandas_postprocessing), applied in order to the
// rows of a query. One function per operation, looked up by name; an unknown operation or bad options is
// a 400 naming the operation.

type Operation = (frame: Frame, options: Record<string, unknown>) => Frame;

const OPERATIONS: Record<string, Operation> = {
  aggregate, pivot, rolling, cum, diff, compare, contribution, rank, sort, rename, flatten, select, resample, boxplot, histogram,
  geohash_decode: geohashDecode, geohash_encode: geohashEncode, geodetic_parse: geodeticParse,
  prophet: () => {
    throw new ApiError(400, "The prophet forecast is not supported: it needs Python's prophet library, which does not run at the edge.", "INVALID_PAYLOAD_SCHEMA_ERROR");
  },
};

export const POST_PROCESSING_OPERATIONS = Object.keys(OPERATIONS);

export interface PostProcessingStep {
  operation: string;
  options?: Record<string, unknown>;
}

export function applyPostProcessing(names: string[], rows: unknown[][], steps: PostProcessingStep[]): { names: string[]; rows: unknown[][] } {
  let frame = fromRows(names, rows);
  for (const step of steps) {
    const run = Object.hasOwn(OPERATIONS, step.operation) ? OPERATIONS[step.operation] : undefined;
    if (!run) throw postProcessingError(step.operation, `unknown operation (known: ${POST_PROCESSING_OPERATIONS.join(", ")})`);
    const options = step.options ?? {};
    if (typeof options !== "object" || Array.isArray(options)) throw postProcessingError(step.operation, "options must be an object");
    frame = run(frame, options);
  }
  return toRows(frame);
}
