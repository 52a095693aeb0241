import type { Database } from "../client";
import { insertKeyValue, keyValueByKey } from "../key-values/store";
import type { DashboardPermalinkValue } from "../../core/dashboards/permalink/state";

// Dashboard permalinks in the key-value store (resource dashboard_permalink): durable, never expiring, as Superset's.

const RESOURCE = "dashboard_permalink";
export const PERMALINK_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** 128 random bits, base64url: keys nobody can guess. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function insertDashboardPermalink(db: Database, value: DashboardPermalinkValue, actor: number): Promise<string> {
  const key = randomKey();
  await insertKeyValue(db, { uuid: key, resource: RESOURCE, value: JSON.stringify(value), created_by_fk: actor });
  return key;
}

/** The stored value of a key, or null (an ill-formed key is simply not found). */
export async function dashboardPermalink(db: Database, key: string): Promise<DashboardPermalinkValue | null> {
  if (!PERMALINK_KEY.test(key)) return null;
  const row = await keyValueByKey(db, RESOURCE, key);
  if (!row) return null;
  try {
    return JSON.parse(row.value) as DashboardPermalinkValue;
  } catch {
    return null;
  }
}
