// Superset's datasource.verbose_map: a dataset's column and saved-metric names to the names it shows for them
// ("sum__num" → "Births"). Charts label a column or saved metric through it; names with no verbose name are left
// out, so a label falls back to the name itself.

export type VerboseMap = Readonly<Record<string, string>>;

type Named = { verbose_name?: string | null };

export function verboseMapOf(columns: readonly (Named & { column_name: string })[], metrics: readonly (Named & { metric_name: string })[]): VerboseMap {
  const map: Record<string, string> = {};
  for (const c of columns) if (c.verbose_name) map[c.column_name] = c.verbose_name;
  for (const m of metrics) if (m.verbose_name) map[m.metric_name] = m.verbose_name;
  return map;
}

/** What a chart shows for `name`: its verbose name where the dataset gives one. */
export const verboseLabel = (map: VerboseMap | undefined, name: string): string => (map && Object.hasOwn(map, name) ? map[name] : name);

/**
 * The part of `map` a chart's form data names (a saved metric, a grouped column, an x-axis…): what a dashboard
 * sends with each chart, rather than every verbose name of a wide dataset once per chart.
 */
export function verboseMapFor(formData: unknown, map: VerboseMap | undefined): VerboseMap | undefined {
  if (!map) return undefined;
  const named = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === "string") named.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(formData);
  const kept = Object.entries(map).filter(([name]) => named.has(name));
  return kept.length ? Object.fromEntries(kept) : undefined;
}
