import type { databases } from "../../db/schema";
import type { QueryObject } from "../../core/chart-data/query-context";
import { zoneLiteral } from "../../core/connectors/dialects/zoned";
import { UTC } from "../../core/time-zone/zone";
import { connectorFor } from "../connectors/registry";
import type { Env } from "../env";

// Whether a MySQL/MariaDB server's CONVERT_TZ knows a named zone (its mysql.time_zone* tables are loaded, which
// many servers lack): asked once per database, zone and isolate with one probe, and kept for ten minutes, so a
// server that loads its tables later is noticed. Without them, grains bucket by computed offsets
// (core/engines/mysql/dialect.ts). A probe that fails is not kept: the chart's own query reports the failure.

const KEEP_MS = 10 * 60_000;
const known = new Map<string, { named: boolean; at: number }>();

type DatabaseRow = typeof databases.$inferSelect;

/** A query buckets time (a grain on the query or on an adhoc column). */
export function bucketsTime(q: QueryObject): boolean {
  return !!q.extras.time_grain_sqla || q.columns.some((c) => !!c && typeof c === "object" && typeof (c as { timeGrain?: unknown }).timeGrain === "string");
}

export async function mysqlNamedZones(env: Env, database: DatabaseRow, secret: string, zone: string, now = Date.now()): Promise<boolean> {
  if (zone === UTC) return false;
  const key = `${database.id}|${database.sqlalchemy_uri}|${zone}`;
  const hit = known.get(key);
  if (hit && now - hit.at < KEEP_MS) return hit.named;
  const connector = await connectorFor(env, database, secret);
  try {
    const result = await connector.execute(`SELECT CONVERT_TZ('2000-01-01 00:00:00', '+00:00', ${zoneLiteral(zone)})`, { readOnly: true, timeoutMs: 5_000 });
    const named = result.rows[0]?.[0] !== null && result.rows[0]?.[0] !== undefined;
    known.set(key, { named, at: now });
    return named;
  } catch {
    return false;
  } finally {
    await connector.close();
  }
}
