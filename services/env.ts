import type { Principal } from "../core/security/permissions";
import type { Database } from "../db/client";

/** Bindings and variables of wrangler.toml, plus the secrets set with .dev.vars or `wrangler secret put`. */
export interface Env {
  DB: D1Database;
  EXAMPLES: D1Database;
  ASSETS: Fetcher;
  QUERY_JOB: DurableObjectNamespace;
  EVENT_CHANNEL: DurableObjectNamespace;
  /** warm connections per database for synchronous SQL Lab runs (absent: every run connects) */
  CONNECTION_POOL?: DurableObjectNamespace;
  SECRET_KEY?: string;
  ADMIN_USERNAME?: string;
  ADMIN_PASSWORD?: string;
  ADMIN_EMAIL?: string;
  DEFAULT_SQLLAB_LIMIT?: string;
  SQL_MAX_ROW?: string;
  SQLLAB_TIMEOUT_SECONDS?: string;
  /** "true" marks a local run: the session cookie may then be sent without Secure */
  LOCAL_DEV?: string;
  /** failed-login counters, one object per user name and per client address */
  LOGIN_THROTTLE?: DurableObjectNamespace;
  LOGIN_MAX_FAILURES_PER_USER?: string;
  LOGIN_MAX_FAILURES_PER_CLIENT?: string;
  LOGIN_FAILURE_WINDOW_SECONDS?: string;
  /** asynchronous chart data jobs (Superset's GLOBAL_ASYNC_QUERIES), one object per job */
  CHART_DATA_JOB?: DurableObjectNamespace;
  GLOBAL_ASYNC_QUERIES?: string;
  /** Superset's DASHBOARD_RBAC ("true"): a dashboard's roles grant access to it */
  DASHBOARD_RBAC?: string;
  /** revisions kept per dashboard and chart (issue 34); older ones are pruned at each save. Default 50. */
  REVISIONS_KEPT?: string;
  /** Superset's RLS_IN_SQLLAB ("true"): SQL Lab queries read the tables they name through the caller's RLS rules */
  RLS_IN_SQLLAB?: string;
  /** alerts and reports: one ReportRunner object per report schedule runs each scheduled time once */
  REPORT_RUNNER?: DurableObjectNamespace;
  /** live dashboards: one object per (dashboard, data scope), and one index of scopes per dashboard */
  LIVE_DASHBOARD?: DurableObjectNamespace;
  LIVE_DASHBOARD_INDEX?: DurableObjectNamespace;
  /** the render Worker (wrangler.render.toml): draws report PNGs and PDFs (absent: such reports end in Error) */
  RENDERER?: Fetcher;
  /** Superset's SMTP settings (SMTP_USER and SMTP_PASSWORD as secrets); reports fail naming what is missing */
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  SMTP_STARTTLS?: string;
  SMTP_SSL?: string;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  SMTP_MAIL_FROM?: string;
  EMAIL_REPORTS_SUBJECT_PREFIX?: string;
  /** seconds the mail server may take to answer one step (60 when unset) */
  SMTP_TIMEOUT?: string;
  /** how often a temporary SMTP failure is tried within one run, and the first backoff (ms, tripled each time) */
  EMAIL_RETRY_ATTEMPTS?: string;
  EMAIL_RETRY_BASE_MS?: string;
  /** the product's address as users reach it, for the links in report emails (Superset's name) */
  WEBDRIVER_BASEURL_USER_FRIENDLY?: string;
  /** embedded dashboards: the secret guest tokens are signed with (a secret; no default: unset, no guest token is minted or accepted) */
  GUEST_TOKEN_JWT_SECRET?: string;
  /** the guest token's `aud` (Superset's GUEST_TOKEN_JWT_AUDIENCE; default http://0.0.0.0:8080/, its WEBDRIVER_BASEURL) */
  GUEST_TOKEN_JWT_AUDIENCE?: string;
  /** seconds a guest token lives (300 when unset) */
  GUEST_TOKEN_JWT_EXP_SECONDS?: string;
  /** the role whose rights a guest holds, within the guest ceiling (Superset's GUEST_ROLE_NAME; default the built-in Guest role) */
  GUEST_ROLE_NAME?: string;
}

/** What every Hono handler can read from `c.var`. */
export interface AppVariables {
  db: Database;
  secret: string;
  /** who is calling, once a guard (or the page renderer) has waited for `principalLoad` */
  principal: Principal | null;
  /** the caller's principal being read from D1, started by `authenticate`; see resolvePrincipal */
  principalLoad: Promise<Principal | null> | null;
  /** how the request proved who it is: a session cookie (needs CSRF on writes) or a bearer token */
  authMethod: "cookie" | "bearer" | "guest" | null;
  sessionId: string | null;
  /** a bearer token that did not verify: what a guard answers (flask-jwt-extended's words) when nobody else is signed in */
  tokenError: import("../core/http/errors").JwtError | null;
  /** what a handler adds to its Action Log row (see workers/http/action-log.ts) */
  actionNote?: { userId?: number; details?: Record<string, unknown> };
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
