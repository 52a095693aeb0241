import { REFRESH_INTERVALS, refreshSchedule, type RefreshMetadata } from "./refresh";

// Live dashboards (issue 29): one Durable Object per (dashboard, data scope) refreshes each chart once per
// interval and pushes changed answers to every viewer's websocket. This file is the pure part: the scope key (what
// makes two viewers' answers differ), the change hash of an answer, a refresh cycle's plan, and the masks a
// viewer's connection names. The scope's parts are computed on the server from the caller (never sent by the
// client); only the data mask (the filters the viewer applied) comes from the client, and it only narrows rows.

/** What makes a viewer's answers differ from another's; two viewers share a live object exactly when these are equal. */
export interface ScopeParts {
  dashboardId: number;
  /** seconds between refreshes */
  interval: number;
  /** per dataset the charts read: "ok:" + the caller's row-level security predicate there, or "denied" */
  datasets: [datasetId: number, access: string][];
  /**
   * the zone relative ranges resolve in (the dashboard's pinned one, else the viewer's); null when no chart's SQL
   * depends on the zone (core/dashboards/live-zone.ts), so viewers in every zone share the scope
   */
  zone: string | null;
  /** per chart id, the extra_form_data the viewer's filters add (absent: none) */
  masks: Record<string, Record<string, unknown>>;
}

/** JSON with object keys sorted, so equal values give equal text whatever order they were built in. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A 53-bit string hash (cyrb53) in base 36: change detection and object names, not security (the parts are server-made). */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The live object's name: the dashboard in clear (the data-changed push finds its objects by it) and a hash of the
 * rest. Datasets and masks are sorted first, so the order charts were listed in does not split a scope.
 */
export function liveScopeKey(parts: ScopeParts): string {
  const datasets = [...parts.datasets].sort((a, b) => a[0] - b[0]);
  const masks = Object.fromEntries(Object.entries(parts.masks).filter(([, m]) => Object.keys(m).length > 0));
  return `live:${parts.dashboardId}:${hashText(stableJson({ i: parts.interval, d: datasets, z: parts.zone, m: masks }))}`;
}

/** The subprotocol the browser asks for (a guest's token rides beside it, never in the URL) and is answered with. */
export const LIVE_PROTOCOL = "superset-live";
/** A socket closed because its viewer's rights changed: the page reconnects at once and is re-scoped (or refused). */
export const RIGHTS_CHANGED_CLOSE = 4403;

/** Fields that differ between two runs of the same query without the rows differing (a forced run is never cached). */
const VOLATILE = new Set(["cached_dttm", "is_cached", "cache_timeout"]);

/** The change hash of a chart's answer: equal hashes mean the viewer would draw the same chart, so no push. */
export function answerHash(answer: unknown): string {
  const strip = (payload: unknown) =>
    payload && typeof payload === "object" && !Array.isArray(payload) ? Object.fromEntries(Object.entries(payload).filter(([k]) => !VOLATILE.has(k))) : payload;
  return hashText(stableJson(Array.isArray(answer) ? answer.map(strip) : strip(answer)));
}

/** One refresh cycle: when (ms since the epoch) each chart is due, in due order. */
export type CyclePlan = { chartId: number; at: number }[];

/** The cycle starting at `start`: all but the immune charts, staggered as the browser's refresh staggers them. */
export function planCycle(chartIds: number[], meta: RefreshMetadata, interval: number, start: number): CyclePlan {
  const offsets = refreshSchedule(chartIds, { ...meta, refresh_frequency: interval }, true);
  return [...offsets].map(([chartId, offset]) => ({ chartId, at: start + offset })).sort((a, b) => a.at - b.at || a.chartId - b.chartId);
}

/** Splits a plan at `now`: the charts due now and the rest, still waiting. */
export function dueCharts(plan: CyclePlan, now: number): { due: number[]; waiting: CyclePlan } {
  return { due: plan.filter((p) => p.at <= now).map((p) => p.chartId), waiting: plan.filter((p) => p.at > now) };
}

/** When the object wakes next: the next waiting chart of this cycle, else the next cycle's start. */
export function nextWake(waiting: CyclePlan, cycleStart: number, interval: number): number {
  return waiting.length ? waiting[0].at : cycleStart + interval * 1000;
}

/** Superset offers these intervals; a dashboard may also keep the one its owner saved. */
export function allowedInterval(seconds: number, saved: number): boolean {
  return Number.isSafeInteger(seconds) && seconds > 0 && (seconds === saved || REFRESH_INTERVALS.some(([s]) => s === seconds));
}

const MAX_MASKS_CHARS = 16_000;

/**
 * The masks a connection names (`masks` query parameter): a JSON object of chart id to extra_form_data object.
 * Throws a message for the 400 on anything else.
 */
export function parseMasks(text: string | null | undefined): Record<string, Record<string, unknown>> {
  if (!text) return {};
  if (text.length > MAX_MASKS_CHARS) throw new Error(`masks is longer than ${MAX_MASKS_CHARS} characters`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error("masks must be a JSON object of chart id to extra_form_data");
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("masks must be a JSON object of chart id to extra_form_data");
  const out: Record<string, Record<string, unknown>> = {};
  for (const [id, mask] of Object.entries(value)) {
    if (!/^[1-9]\d{0,15}$/.test(id)) throw new Error(`masks: "${id}" is not a chart id`);
    if (!mask || typeof mask !== "object" || Array.isArray(mask)) throw new Error(`masks: the mask of chart ${id} must be an object`);
    out[id] = mask as Record<string, unknown>;
  }
  return out;
}

/**
 * A chart's new answer (or the error it ended in) from a live object; `at`: when it was answered, `sent`: when the
 * object pushed it (ms). A frame is a JSON array of these: every chart that changed in one refresh, sent once.
 */
export type LiveMessage =
  | { type: "answer"; chart_id: number; hash: string; at: number; sent: number; result: unknown[] }
  | { type: "error"; chart_id: number; hash: string; at: number; sent: number; message: string };
