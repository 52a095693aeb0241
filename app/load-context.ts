import type { Principal } from "../core/security/permissions";
import type { Database } from "../db/client";
import type { Env } from "../services/env";
import type { CachedChartDataLookup, EmbeddedChartData } from "../core/dashboards/embedded-data";
import type { Layout } from "../core/dashboards/layout";
import type { PageDrawingChart } from "../core/dashboards/page-drawing";
import type { KeyOwner } from "../core/security/key-owner";

/** What the Worker hands every Remix loader and action (see workers/remix.ts). */
export interface EdgeLoadContext {
  env: Env;
  db: Database;
  principal: Principal | null;
  /**
   * For an anonymous request, the Public role's viewer when that role grants anything (Superset's
   * PUBLIC_ROLE_LIKE); only pages that opt in (a dashboard) accept it, every other page sends them to login.
   */
  publicPrincipal: Principal | null;
  csrfToken: string | null;
  /** the caller as the owner of stored filter states: a user id, an anonymous visitor's own id (cookie), or null */
  keyOwner: KeyOwner | null;
  waitUntil: (promise: Promise<unknown>) => void;
  /** the Content-Security-Policy nonce of this response: every inline script the page renders carries it */
  cspNonce: string;
  /** chart data already in the chart-data cache for the caller (a lookup only: the Worker's chart-data code stays out of the page bundle) */
  cachedChartData?: CachedChartDataLookup;
  /**
   * Draws a dashboard's cached charts for the first paint (ADR 0015), by chart id; only for a document request
   * (a client-side navigation's data request has no HTML to put them in).
   */
  drawCharts?: (layout: Layout, charts: PageDrawingChart[], cached: Record<number, EmbeddedChartData>) => Promise<Record<number, string>>;
  /** the drawings of this page, put here by its loader and rendered into its HTML by entry.server.tsx */
  pageDrawings: Record<number, string>;
}

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends EdgeLoadContext {}
}
