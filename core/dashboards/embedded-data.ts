// Chart data the dashboard page's server pass embeds for charts whose results are already cached
// (layout + whatever chart data is cached, in one server-rendering pass). Each entry names the query
// context it answers by a fingerprint, so a chart whose request differs in the browser (a filter's data mask
// merged in, a form data edited since) never paints another request's rows: it fetches as without an entry.

/** The cap on the chart data embedded in one page, in characters of JSON (bytes, for ASCII): the other charts fetch their own. */
export const EMBEDDED_DATA_CAP_BYTES = 512 * 1024;

export interface EmbeddedChartData {
  /** queryFingerprint of the chart-data request body this result answers */
  key: string;
  result: Record<string, unknown>[];
}

/** The Worker's cache-only lookup for a page's charts (services/dashboards/embedded-chart-data.ts), by chart id. */
export type CachedChartDataLookup = (charts: { id: number; form_data: Record<string, unknown> }[]) => Promise<Record<number, EmbeddedChartData>>;

/**
 * A fingerprint of a chart-data request body: two 32-bit FNV-1a hashes (different seeds) of its JSON text and
 * its length. Not a security boundary (the rows were read with the viewer's own access); a guard against
 * painting the rows of a different request.
 */
export function queryFingerprint(body: unknown): string {
  const text = JSON.stringify(body) ?? "";
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${text.length.toString(36)}`;
}

/**
 * The entries to embed, in layout order, while their JSON fits in `capBytes` together: a chart whose result
 * would pass the cap is left to fetch its own (so one huge table never pushes every small chart out).
 */
export function withinCap<T extends { bytes: number }>(entries: T[], capBytes = EMBEDDED_DATA_CAP_BYTES): T[] {
  const out: T[] = [];
  let used = 0;
  for (const e of entries) {
    if (used + e.bytes > capBytes) continue;
    used += e.bytes;
    out.push(e);
  }
  return out;
}
