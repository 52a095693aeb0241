/** The objects that keep revisions (core/revisions; the API path segment of each). */
export type HistoryType = "dashboard" | "chart" | "dataset" | "saved_query";
