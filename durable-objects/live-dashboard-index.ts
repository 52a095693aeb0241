import { DurableObject } from "cloudflare:workers";
import type { Env } from "../services/env";

// One LiveDashboardIndex per dashboard (`live-index:<id>`): the names of its live scopes that have viewers, so a
// "data changed" push (an upload or import into a dataset's table) can reach every one. A scope registers when a
// viewer connects and unregisters when its cycle stops for lack of viewers; a stale name costs one no-op call.

export function liveIndexFor(env: Env, dashboardId: number): DurableObjectStub<LiveDashboardIndex> {
  const ns = env.LIVE_DASHBOARD_INDEX as unknown as DurableObjectNamespace<LiveDashboardIndex>;
  return ns.get(ns.idFromName(`live-index:${dashboardId}`));
}

/** What the index asks of a scope (durable-objects/live-dashboard.ts, which imports this file: no cycle back). */
interface LiveScope {
  dataChanged(datasetIds: number[]): Promise<number>;
}

export class LiveDashboardIndex extends DurableObject<Env> {
  async register(key: string): Promise<void> {
    await this.ctx.storage.put(`scope:${key}`, Date.now());
  }

  async unregister(key: string): Promise<void> {
    await this.ctx.storage.delete(`scope:${key}`);
  }

  async scopes(): Promise<string[]> {
    return [...(await this.ctx.storage.list({ prefix: "scope:" })).keys()].map((k) => k.slice("scope:".length));
  }

  /** Tells every live scope of the dashboard that these datasets' rows changed; answers how many charts refreshed. */
  async dataChanged(datasetIds: number[]): Promise<number> {
    const counts = await Promise.all((await this.scopes()).map((key) => scopeStub(this.env, key).dataChanged(datasetIds).catch(() => 0)));
    return counts.reduce((a, b) => a + b, 0);
  }
}

function scopeStub(env: Env, key: string): LiveScope {
  const ns = env.LIVE_DASHBOARD as DurableObjectNamespace;
  return ns.get(ns.idFromName(key)) as unknown as LiveScope;
}
