import type { Query, QueryState } from "./types";

// Superset's query-run states, which count as active or finished, their badge colours and the
// messages derived from server answers.

export const ALL_STATES: readonly QueryState[] = [
  "started", "stopped", "failed", "pending", "running", "scheduled", "success", "fetching", "timed_out",
];
export const ACTIVE_STATES: readonly QueryState[] = ["running", "started", "pending", "fetching", "scheduled"];
export const FINISHED_STATES: readonly QueryState[] = ["stopped", "failed", "success", "timed_out"];

export const isActive = (state: QueryState) => ACTIVE_STATES.includes(state);
export const isFinished = (state: QueryState) => FINISHED_STATES.includes(state);

/** The state a run starts in: pending when the database runs it asynchronously, running otherwise. */
export const initialState = (runAsync: boolean): QueryState => (runAsync ? "pending" : "running");

export type BadgeColour = "danger" | "info" | "warning" | "success";

export function badgeColour(state: QueryState | "offline"): BadgeColour | null {
  switch (state) {
    case "offline":
    case "failed":
    case "stopped":
      return "danger";
    case "pending":
    case "fetching":
      return "info";
    case "running":
      return "warning";
    case "success":
      return "success";
    default:
      return null;
  }
}

export const STOP_MESSAGES = {
  alreadyComplete: "Query could not be stopped: it was already complete.",
  stopped: "Query was stopped.",
  failed: (detail: string) => `Failed at stopping query. ${detail}`,
};

/** POST /api/v1/query/stop answers { result }: 'already_complete' means it had finished; anything else stopped it. */
export function stopOutcome(result: unknown): { finished: boolean; toast: string; type: "info" | "success" } {
  return result === "already_complete"
    ? { finished: true, toast: STOP_MESSAGES.alreadyComplete, type: "info" }
    : { finished: false, toast: STOP_MESSAGES.stopped, type: "success" };
}

export const OUT_OF_MEMORY_MESSAGE =
  "Sorry, the server ran out of memory while processing your query. Please try a simpler query or contact support for assistance.";
export const SESSION_TIMED_OUT_MESSAGE = "Your session timed out, please refresh your page and try again.";

// Driver and engine prefixes that say nothing to the user, e.g. "(psycopg2.errors.UndefinedTable)".
const DRIVER_PREFIX = /\((?:psycopg2?|pg|postgres|mysql(?:db)?|MySQLdb|pymysql|mariadb|sqlite3?|D1_ERROR|sqlalchemy)[\w.]*\)\s*/gi;
const DRIVER_WORDS = /\b(?:D1_ERROR|D1_EXEC_ERROR|SQLITE_ERROR|SQLITE_\w+|ER_\w+):\s*/g;
const SQL_ECHO = /\s*\[SQL: [\s\S]*?\]/g;
const BACKGROUND = /\s*\(Background on this error at: [^)]*\)/g;

/** The run-failure message: out-of-memory and CSRF are rewritten, driver text scrubbed. */
export function runFailureMessage(error: { error?: string; message?: string; statusText?: string } | null | undefined): string {
  const raw = error?.error || error?.message || error?.statusText || "Unknown error";
  if (raw.includes("MEMORY_LIMIT_EXCEEDED")) return OUT_OF_MEMORY_MESSAGE;
  if (/csrf/i.test(raw)) return SESSION_TIMED_OUT_MESSAGE;
  const scrubbed = raw.replace(DRIVER_PREFIX, "").replace(DRIVER_WORDS, "").replace(SQL_ECHO, "").replace(BACKGROUND, "").trim();
  return scrubbed || "Unknown error";
}

/** Cost estimate failure toast: the server error, else statusText, else the default. */
export function costEstimateFailureMessage(error: { error?: string; message?: string; statusText?: string } | null | undefined): string {
  return error?.error || error?.message || error?.statusText || "Failed at retrieving results";
}

export type { Query };
