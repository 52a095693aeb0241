// Temporal values in chart data are epoch milliseconds, as Superset's JSON answers pandas timestamps.

/** 'YYYY-MM-DD HH:MM:SS' (D1, MySQL), ISO text or a Date as epoch milliseconds in UTC; anything else as is. */
export function epochMs(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== "string") return value;
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value.includes("T") || value.endsWith("Z") ? value : `${value.replace(" ", "T")}Z`;
  const ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(ms) ? value : ms;
}
