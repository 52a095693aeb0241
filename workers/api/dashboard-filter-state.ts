import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { jsonObject } from "../http/input";
import { deleteKeyValue, insertKeyValue, updateKeyValue } from "../../db/key-values/store";
import { badRequest, forbidden, notFound } from "../../core/http/errors";
import { parseIdOrSlug } from "../../core/dashboards/shape";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";
import { visibleDashboard } from "../../db/dashboards/dashboards";
import { filterStateRow } from "../../db/dashboards/filters";
import { keyOwnerOf } from "../http/key-owner";
import { mayChangeKey, mayReadKey } from "../../core/security/key-owner";
import {
  FILTER_STATE_TTL_MS, FilterStateError, parseFilterStateBody, parseTabId, type FilterStateEntry,
} from "../../core/dashboards/filters/filter-state";

// Superset's /api/v1/dashboard/{pk}/filter_state[/{key}]: a viewer's filter state, kept for a week. Anyone who
// may read the dashboard keeps their own states (the permission is the dashboard's can_read, which is what
// Superset's Gamma holds through DashboardFilterStateRestApi); only the owner changes or deletes one. Each anonymous
// visitor is an owner of their own, whose states nobody else reads (core/security/key-owner.ts).

export const dashboardFilterStateApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const RESOURCE = "dashboard_filter_state";
const KEY = /^[A-Za-z0-9_-]{8,64}$/;
const read = requires("can_read", "Dashboard");

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function dashboardId(c: C): Promise<number> {
  const p = principalOf(c);
  const row = await visibleDashboard(c.var.db, parseIdOrSlug(c.req.param("pk") ?? ""), dashboardViewer(p, dashboardRbacOn(c.env)));
  if (!row) throw notFound("Dashboard not found.");
  return row.id;
}

function input<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof FilterStateError) throw badRequest(e.message);
    throw e;
  }
}

async function entryOf(c: C, dashboard: number) {
  const key = c.req.param("key") ?? "";
  if (!KEY.test(key)) throw notFound("The filter state was not found.");
  const row = await filterStateRow(c.var.db, key);
  const entry = row ? (JSON.parse(row.value) as FilterStateEntry) : null;
  if (!row || !entry || entry.dashboardId !== dashboard) throw notFound("The filter state was not found.");
  const caller = await keyOwnerOf(c, principalOf(c));
  // another anonymous visitor's state answers as if absent
  if (!mayReadKey(entry.owner, caller)) throw notFound("The filter state was not found.");
  return { row, entry, caller };
}

const expiry = () => new Date(Date.now() + FILTER_STATE_TTL_MS).toISOString();

dashboardFilterStateApi.post("/api/v1/dashboard/:pk/filter_state", read, async (c) => {
  const dashboard = await dashboardId(c);
  const body = await jsonObject(c);
  const owner = await keyOwnerOf(c, principalOf(c));
  const entry: FilterStateEntry = { dashboardId: dashboard, owner, tabId: input(() => parseTabId(c.req.query("tab_id"))), value: input(() => parseFilterStateBody(body)) };
  const key = randomKey();
  await insertKeyValue(c.var.db, { uuid: key, resource: RESOURCE, value: JSON.stringify(entry), created_by_fk: typeof owner === "number" ? owner : null, expires_on: expiry() });
  return c.json({ key }, 201);
});

dashboardFilterStateApi.put("/api/v1/dashboard/:pk/filter_state/:key", read, async (c) => {
  const dashboard = await dashboardId(c);
  const { row, entry, caller } = await entryOf(c, dashboard);
  if (!mayChangeKey(entry.owner, caller)) throw forbidden("Only the user who stored this filter state may change it");
  const body = await jsonObject(c);
  const value = input(() => parseFilterStateBody(body));
  const next = { ...entry, value, tabId: input(() => parseTabId(c.req.query("tab_id"))) ?? entry.tabId };
  await updateKeyValue(c.var.db, row.id, { value: JSON.stringify(next), expires_on: expiry() });
  return c.json({ key: row.uuid });
});

dashboardFilterStateApi.get("/api/v1/dashboard/:pk/filter_state/:key", read, async (c) => {
  const { entry } = await entryOf(c, await dashboardId(c));
  return c.json({ value: entry.value });
});

dashboardFilterStateApi.delete("/api/v1/dashboard/:pk/filter_state/:key", read, async (c) => {
  const { row, entry, caller } = await entryOf(c, await dashboardId(c));
  if (!mayChangeKey(entry.owner, caller)) throw forbidden("Only the user who stored this filter state may delete it");
  await deleteKeyValue(c.var.db, row.id);
  return c.json({ message: "Deleted successfully" });
});
