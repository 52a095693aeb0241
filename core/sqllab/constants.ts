// SQL Lab's constants, Superset's values.

export const TAB_NAME_PREFIX = "Untitled Query ";
export const DEFAULT_TAB_NAME = "Untitled query";
export const QUERY_EDITOR_VERSION = 1;
export const SYNC_INTERVAL_MS = 5000;
/** Local query results older than a day are dropped. */
export const LOCALSTORAGE_MAX_QUERY_AGE_MS = 864e5;
/** Local results estimated above this many kilobytes are dropped (Superset's LOCALSTORAGE_MAX_QUERY_RESULTS_KB). */
export const LOCALSTORAGE_MAX_QUERY_RESULTS_KB = 1024;
/** The whole local state is trimmed past this size (Superset's LOCALSTORAGE_MAX_USAGE_KB). */
export const LOCALSTORAGE_MAX_USAGE_KB = 5120;
/** JavaScript strings are UTF-16: two bytes per character. */
export const BYTES_PER_CHAR = 2;
export const KB_STORAGE = 1024;
export const LOCALSTORAGE_KEY = "redux";
export const QUERY_ID_LENGTH = 11;
export const DEFAULT_QUERY_LIMIT = 1000;
export const RESULTS_SOUTH_PANE_TAB = "Results";
export const HISTORY_SOUTH_PANE_TAB = "History";
