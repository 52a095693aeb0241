// A table chart's client-side pages (Superset's page_length): a dashboard or Explore draws one page of rows, not
// the whole result. A raw-records table answers up to the row limit (10,000 rows): drawn as one DOM table, that
// was 60,000 cells rendered and laid out in one task, which held the main thread for 20-25 s on a loaded machine
// and kept every other chart of its dashboard tab from drawing meanwhile.

export interface TablePage {
  /** the first row shown (index into the model's rows) */
  start: number;
  /** one past the last row shown */
  end: number;
  /** how many pages there are (1 when the table is not paged) */
  pages: number;
  /** the page shown, 1-based, within 1..pages */
  page: number;
}

/** The rows page `page` (1-based) shows of `total` rows at `pageSize` a page; a size of 0 or less shows them all. */
export function tablePage(total: number, pageSize: number, page: number): TablePage {
  if (!(pageSize > 0) || total <= pageSize) return { start: 0, end: total, pages: 1, page: 1 };
  const pages = Math.ceil(total / pageSize);
  // a page past the end (the result shrank under a filter) shows the last one
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const start = (shown - 1) * pageSize;
  return { start, end: Math.min(total, start + pageSize), pages, page: shown };
}
