import type { Env } from "../../services/env";
import { chunkRows } from "../../core/connectors/row-chunks";
import type { ResultPage, StoredResult } from "../../durable-objects/query-job";
import { queryJobFor } from "./stop";

// SQL Lab's results backend is the run's QueryJob Durable Object. Results cross to and from it in parts,
// because workerd refuses an RPC value above 32 MiB and SQL_MAX_ROW rows of wide text pass that easily.

/** JSON bytes of stored chunks per page read back (strings may take twice their JSON length once cloned). */
const PAGE_JSON_BYTES = 12 * 1024 * 1024;

export async function storeResult(env: Env, clientId: string, result: StoredResult): Promise<void> {
  const job = queryJobFor(env, clientId);
  const { rows, ...meta } = result;
  const parts = chunkRows(rows);
  if (parts.length === 1) return job.store(result);
  await job.storeBegin(meta);
  for (const part of parts) await job.storeAppend(part);
  await job.storeEnd();
}

/** The stored result, cut to `rows` when given; null when it has expired or never existed. */
export async function readStoredResult(env: Env, clientId: string, rows?: number): Promise<StoredResult | null> {
  const job = queryJobFor(env, clientId);
  const want = rows ?? Number.POSITIVE_INFINITY;
  const pages: unknown[][][] = [];
  let got = 0;
  let after = -1;
  for (;;) {
    const page = (await job.resultPage(after, want - got, PAGE_JSON_BYTES)) as unknown as ResultPage;
    if (!page.meta) return null;
    pages.push(page.rows);
    got += page.rows.length;
    if (page.next === null || got >= want) return { ...page.meta, rows: pages.flat() };
    after = page.next;
  }
}
