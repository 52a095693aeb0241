// Splitting a result's rows into parts that each fit one Durable Object RPC message (workerd refuses a
// serialized value above 32 MiB). The size is estimated from the JSON of rows sampled across the result,
// doubled because the structured-clone encoding of two-byte strings takes twice their JSON length.

/** Estimated serialized bytes one part may hold: half the 32 MiB RPC cap, for rows that differ from the sample. */
export const RPC_PART_BYTES = 16 * 1024 * 1024;

const SAMPLES = 64;

const toJson = (row: unknown): string => JSON.stringify(row, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? "";

/** Estimated serialized size of one row: twice the mean JSON length of up to 64 rows spread over the result. */
export function estimateRowBytes(rows: readonly unknown[]): number {
  if (!rows.length) return 0;
  const step = Math.max(1, Math.floor(rows.length / SAMPLES));
  let bytes = 0;
  let n = 0;
  for (let i = 0; i < rows.length && n < SAMPLES; i += step, n++) bytes += toJson(rows[i]).length;
  return (2 * bytes) / n;
}

/**
 * The rows in consecutive parts of at most `partBytes` (estimated); a result that fits is answered as
 * it is, in one part, without a copy.
 */
export function chunkRows<T>(rows: T[], partBytes = RPC_PART_BYTES): T[][] {
  const perRow = estimateRowBytes(rows);
  if (perRow * rows.length <= partBytes) return [rows];
  const perPart = Math.max(1, Math.floor(partBytes / perRow));
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += perPart) parts.push(rows.slice(i, i + perPart));
  return parts;
}
