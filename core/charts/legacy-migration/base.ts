// The mechanics of Superset's viz migrations (superset/migrations/shared/migrate_viz/base.py, MigrateViz), which its
// chart importer also runs on every imported chart (migrate_chart): a pre-action on a copy of the form data, then
// keys renamed and removed, then the legacy time filter (granularity_sqla + time_range) turned into a
// TEMPORAL_RANGE adhoc filter — and, for a type with an x-axis control, the time column becoming the x-axis.
// Written from Superset's behaviour, not its code; each legacy type is a small spec in ./specs.ts.

export type LegacyFormData = Record<string, unknown>;

export interface LegacySpec {
  /** today's viz_type; a function when the form data decides it (a legacy line's interpolation) */
  target: string | ((formData: LegacyFormData) => string);
  rename?: Record<string, string>;
  remove?: readonly string[];
  /** the legacy time column becomes the x-axis (Superset's has_x_axis_control) */
  hasXAxisControl?: boolean;
  /** edits the copy before keys are renamed and removed (Superset's _pre_action) */
  pre?: (fd: LegacyFormData) => void;
  /** runs after the temporal filter was added (the dual line copies the filters to its second query) */
  post?: (fd: LegacyFormData) => void;
}

/** Superset's DEFAULT_TIME_FILTER (NO_TIME_RANGE). */
export const NO_TIME_RANGE = "No filter";
/** Superset's TimeGrain.DAY, the grain a migrated x-axis gets when the chart had none. */
const DAY = "P1D";

const isDict = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The time column and range as a TEMPORAL_RANGE adhoc filter; a custom SQL time column keeps its expression. */
function migrateTemporalFilter(rv: LegacyFormData, hasXAxisControl: boolean): void {
  const granularity = rv.granularity_sqla;
  const timeRange = rv.time_range || NO_TIME_RANGE;
  delete rv.granularity_sqla;
  delete rv.time_range;
  if (!granularity) return;
  if (hasXAxisControl) {
    rv.x_axis = granularity;
    rv.time_grain_sqla = rv.time_grain_sqla || DAY;
  }
  const filter: Record<string, unknown> = isDict(granularity)
    ? { clause: "WHERE", subject: granularity.label, operator: "TEMPORAL_RANGE", comparator: null, expressionType: "SQL", sqlExpression: granularity.sqlExpression }
    : { clause: "WHERE", subject: granularity, operator: "TEMPORAL_RANGE", comparator: timeRange, expressionType: "SIMPLE" };
  rv.adhoc_filters = [...(Array.isArray(rv.adhoc_filters) ? rv.adhoc_filters : []), filter];
}

/** The legacy form data as today's type reads it, and that type's name. Pure: the input is not changed. */
export function applySpec(spec: LegacySpec, source: LegacyFormData, legacyType: string): { vizType: string; formData: LegacyFormData } {
  const data = structuredClone(source);
  // the chart's viz_type is the truth: a bundle's params may lack it or carry a stale one
  data.viz_type = legacyType;
  spec.pre?.(data);
  const target = typeof spec.target === "function" ? spec.target(data) : spec.target;
  data.viz_type = target;
  const rename = spec.rename ?? {};
  const remove = new Set(spec.remove ?? []);
  // a key the form data already has under its new name gives way to the renamed one, as in Superset
  for (const [from, to] of Object.entries(rename)) if (from in data && to in data) delete data[to];
  const rv: LegacyFormData = {};
  for (const [key, value] of Object.entries(data)) {
    if (key in rename) rv[rename[key]] = value;
    else if (!remove.has(key)) rv[key] = value;
  }
  migrateTemporalFilter(rv, Boolean(spec.hasXAxisControl));
  spec.post?.(rv);
  return { vizType: target, formData: rv };
}
