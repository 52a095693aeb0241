import type { Database } from "../client";
import { datasetForChart } from "./cache";
import { verboseMapOf, type VerboseMap } from "../../core/charts/verbose-map";

/**
 * The verbose names of each dataset in `ids` (Superset's datasource.verbose_map, only the names that have one):
 * what a dashboard's or a report's charts label their columns and saved metrics with. Read through the isolate's
 * dataset cache, which the same request's chart data fills or reads anyway, so a warm page pays no D1 row for it.
 */
export async function verboseMapsOfDatasets(db: Database, ids: readonly (number | null)[]): Promise<Map<number, VerboseMap>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  const found = await Promise.all(unique.map((id) => datasetForChart(db, id).catch(() => null)));
  const maps = new Map<number, VerboseMap>();
  found.forEach((d, i) => d && maps.set(unique[i], verboseMapOf(d.columns, d.metrics)));
  return maps;
}
