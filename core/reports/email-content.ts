import * as xssModule from "xss";

// xss is CommonJS whose module.exports is a function: bundlers expose its named exports, while workerd's module
// loader (the worker tests) offers only the default export, so both shapes are read.
const { FilterXSS, safeAttrValue } = (xssModule as unknown as { default?: typeof xssModule }).default ?? xssModule;

// The email of a report, as Superset's EmailNotification builds it (superset/reports/notifications/email.py):
// subject "<prefix> <report name>: <chart name>", an HTML body with the description, a call to action linking to
// the chart, the data as an HTML table (TEXT format) and a CSV attachment named "<name>.csv" (CSV format).
// Everything users wrote (names, description, cell values) is escaped or passed through an allow-list
// sanitiser, as Superset's nh3.clean with the same tags and attributes.

const TABLE_TAGS = ["table", "th", "tr", "td", "thead", "tbody", "tfoot"];
const TABLE_ATTRIBUTES = ["colspan", "rowspan", "halign", "border", "class"];
const TEXT_TAGS = ["a", "abbr", "acronym", "b", "blockquote", "br", "code", "div", "em", "i", "li", "ol", "p", "strong", "ul"];

const whiteList: Record<string, string[]> = {
  ...Object.fromEntries(TEXT_TAGS.map((t) => [t, []])),
  ...Object.fromEntries(TABLE_TAGS.map((t) => [t, TABLE_ATTRIBUTES])),
  a: ["href", "title"],
  abbr: ["title"],
  acronym: ["title"],
};

const sanitizer = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  // script and style bodies go entirely, not just their tags
  stripIgnoreTagBody: ["script", "style"],
  safeAttrValue: (tag, name, value, cssFilter) => {
    if (tag === "a" && name === "href" && !/^(https?:|mailto:)/i.test(value.trim())) return "";
    return safeAttrValue(tag, name, value, cssFilter); // xss's own check (javascript:, entities) after ours
  },
});

/** User HTML cut down to the email's allow-list. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizer.process(html);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A header value with no line breaks or control characters (a name must never add a header). */
export function headerText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

export interface TableData {
  columns: string[];
  rows: string[][];
}

/** pandas' DataFrame.to_html(index=True, na_rep="", escape=True) shape: an index column of row numbers. */
export function htmlTable(table: TableData): string {
  const head = `<thead><tr><th></th>${table.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr></thead>`;
  const body = table.rows.map((r, i) => `<tr><th>${i}</th>${r.map((v) => `<td>${escapeHtml(v)}</td>`).join("")}</tr>`).join("\n");
  return sanitizeEmailHtml(`<table border="1" class="dataframe">${head}<tbody>${body}</tbody></table>`);
}

export interface EmailContentInput {
  /** "<report name>: <chart name>" */
  name: string;
  description: string | null;
  url: string;
  table: TableData | null;
  /** a notice shown instead of content (e.g. why a chart could not be drawn) */
  notice?: string | null;
  /** Content-IDs of inline images (report PNGs), shown in order */
  images?: string[];
  /** the dashboard's native-filter values the content shows, in words (per-recipient content says whose) */
  filters?: string | null;
}

export function emailSubject(prefix: string, name: string): string {
  return headerText(`${prefix} ${name}`);
}

export function emailHtml(input: EmailContentInput): string {
  const description = sanitizeEmailHtml(input.description ?? "");
  const safeUrl = /^https?:\/\//i.test(input.url) ? escapeHtml(input.url) : "#";
  return `<html>
  <head>
    <style type="text/css">
      table, th, td { border-collapse: collapse; border-color: rgb(200, 212, 227); color: rgb(42, 63, 95); padding: 4px 8px; }
      .image { margin-bottom: 18px; }
    </style>
  </head>
  <body>
    <div>${description}</div>
    <br>
    <b><a href="${safeUrl}">Explore in Superset</a></b><p></p>
    ${input.filters ? `<p class="filters">Filters: ${escapeHtml(input.filters)}</p>` : ""}
    ${input.notice ? `<p>${escapeHtml(input.notice)}</p>` : ""}
    ${(input.images ?? []).map((cid) => `<div class="image"><img src="cid:${escapeHtml(cid)}"></div>`).join("")}
    ${input.table ? htmlTable(input.table) : ""}
  </body>
</html>
`;
}

/** An attachment's file name: the email's name, without characters a file name cannot hold. */
export function reportFileName(name: string, extension: string): string {
  return `${headerText(name).replace(/[\\/:*?"<>|]+/g, "_") || "report"}.${extension}`;
}

/** The CSV attachment's file name. */
export const csvFileName = (name: string) => reportFileName(name, "csv");
