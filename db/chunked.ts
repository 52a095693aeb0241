// D1 binds at most 100 parameters per statement, so id lists and multi-row inserts are split into chunks.
export const D1_MAX_PARAMS = 100;

export function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Ids per `IN (...)` list, leaving room for a few other parameters in the same statement. */
export const idChunks = (ids: readonly number[]) => chunked(ids, D1_MAX_PARAMS - 10);

/** Rows of `columns` parameters each, per multi-row INSERT. */
export const rowChunks = <T>(rows: readonly T[], columns: number) => chunked(rows, Math.floor((D1_MAX_PARAMS - 10) / columns));

/** Runs one select per chunk of ids and concatenates the rows. */
export async function selectInChunks<T>(ids: readonly number[], select: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const chunk of idChunks(ids)) out.push(...(await select(chunk)));
  return out;
}
