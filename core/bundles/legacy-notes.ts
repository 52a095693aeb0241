import { chartUuidsOf } from "./remap";
import type { Step } from "./plan";

// What an import tells about legacy charts: each chart migrated to today's type (and each filter box turned into
// native filters), and each chart imported with a type this product does not draw, which Explore lets one change.

export interface MigratedNote {
  /** the chart's id here; null for a filter box, which is not imported */
  id: number | null;
  uuid: string;
  slice_name: string;
  from: string;
  to: string;
  /** a filter box: the dashboard whose native filters it became */
  dashboard?: string;
}

export interface UnavailableNote {
  id: number;
  uuid: string;
  slice_name: string;
  viz_type: string;
}

export interface ImportNotes {
  migrated: MigratedNote[];
  unavailable: UnavailableNote[];
}

type Json = Record<string, unknown>;

/**
 * The filter-box charts the import drops because the bundle's dashboards turn them into native filters: placed on
 * at least one of them, and every dashboard placing it is written and has no native filters yet (the legacy
 * filter migration leaves a dashboard with native filters as it is, so its boxes stay).
 */
export function removableFilterBoxes(steps: Step[]): Set<string> {
  const boxes = new Set(steps.filter((s) => s.kind === "chart" && s.config.data.viz_type === "filter_box").map((s) => s.config.data.uuid as string));
  const out = new Set<string>();
  const blocked = new Set<string>();
  for (const s of steps) {
    if (s.kind !== "dashboard") continue;
    const meta = (s.config.data.metadata ?? {}) as Json;
    const migrates = s.action !== "keep" && !(Array.isArray(meta.native_filter_configuration) && meta.native_filter_configuration.length);
    for (const uuid of chartUuidsOf((s.config.data.position ?? {}) as Json)) {
      if (!boxes.has(uuid)) continue;
      (migrates ? out : blocked).add(uuid);
    }
  }
  for (const uuid of blocked) out.delete(uuid);
  return out;
}

/** The import dialog's success text: what was imported, the charts migrated, and those that need a new type. */
export function importSummary(what: string, notes: Partial<ImportNotes> | null | undefined): string {
  const migrated = notes?.migrated ?? [];
  const unavailable = notes?.unavailable ?? [];
  const parts = [`${what} imported`];
  if (migrated.length) {
    parts.push(`Migrated ${migrated.length} legacy chart${migrated.length > 1 ? "s" : ""}: ${migrated.map((m) => `${m.slice_name} (${m.from} → ${m.to})`).join(", ")}`);
  }
  if (unavailable.length) {
    parts.push(`${unavailable.length} chart${unavailable.length > 1 ? "s need" : " needs"} a new type in Explore: ${unavailable.map((u) => `${u.slice_name} (${u.viz_type})`).join(", ")}`);
  }
  return parts.join(". ");
}
