import { chartMasks, type ChartInfo } from "../dashboards/filters/scope";
import { defaultValue, filterMask, valueLabel, type FilterValue } from "../dashboards/filters/mask";
import { isNativeFilter, type DataMask, type ExtraFormData, type FilterConfigItem, type FilterType, type NativeFilter } from "../dashboards/filters/types";
import type { Layout } from "../dashboards/layout";

// A dashboard report's native-filter state, kept where Superset 4.x keeps it (report `extra.dashboard`):
// `anchor` / `activeTabs` for the tab, `nativeFilters: [{ nativeFilterId, filterName, filterType, columnName,
// filterValues }]` for the values the run applies. Beyond Superset, `recipientNativeFilters: [{ recipient,
// nativeFilters }]` gives a recipient their own values: one run sends each of them the dashboard filtered their
// way, everyone else the report's own state. Turning values into each chart's extra_form_data goes through the
// dashboard page's own code (filterMask, chartMasks), so a report and the page filter the same way.

export interface ReportNativeFilter {
  nativeFilterId: string;
  filterName: string;
  filterType: string;
  columnName: string | null;
  filterValues: unknown[];
}

export interface RecipientNativeFilters {
  recipient: string;
  nativeFilters: ReportNativeFilter[];
}

export interface ReportDashboardState {
  nativeFilters: ReportNativeFilter[];
  recipientNativeFilters: RecipientNativeFilters[];
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === "object" && v !== null && !Array.isArray(v);

/** The entry as stored, or null when it is not one (a run ignores such entries; the API refuses them). */
function readEntry(raw: unknown): ReportNativeFilter | null {
  if (!isDict(raw) || typeof raw.nativeFilterId !== "string") return null;
  return {
    nativeFilterId: raw.nativeFilterId,
    filterName: typeof raw.filterName === "string" ? raw.filterName : raw.nativeFilterId,
    filterType: typeof raw.filterType === "string" ? raw.filterType : "filter_select",
    columnName: typeof raw.columnName === "string" ? raw.columnName : null,
    filterValues: Array.isArray(raw.filterValues) ? raw.filterValues : [],
  };
}

const entries = (raw: unknown): ReportNativeFilter[] => (Array.isArray(raw) ? raw.map(readEntry).filter((e) => e !== null) : []);

/** The filter state of a report's extra (lenient: what cannot be read is left out). */
export function dashboardStateOf(extra: unknown): ReportDashboardState {
  const dashboard = isDict(extra) && isDict(extra.dashboard) ? extra.dashboard : {};
  const perRecipient = Array.isArray(dashboard.recipientNativeFilters) ? dashboard.recipientNativeFilters : [];
  return {
    nativeFilters: entries(dashboard.nativeFilters),
    recipientNativeFilters: perRecipient.filter(isDict).filter((r) => typeof r.recipient === "string")
      .map((r) => ({ recipient: String(r.recipient).trim(), nativeFilters: entries(r.nativeFilters) })),
  };
}

/** Superset keeps filterValues as a list whatever the type; a time range or time grain is its first item. */
export function filterValueOf(filterType: string, filterValues: unknown[]): FilterValue {
  if (!filterValues.length) return null;
  if (filterType === "filter_time") return typeof filterValues[0] === "string" ? filterValues[0] : null;
  return filterValues;
}

/** The entry the editor saves for a filter holding `value`, or null when it holds none. */
export function reportNativeFilter(f: NativeFilter, value: FilterValue): ReportNativeFilter | null {
  if (value === null || value === "" || (Array.isArray(value) && !value.length)) return null;
  return {
    nativeFilterId: f.id, filterName: f.name, filterType: f.filterType, columnName: f.targets[0]?.column?.name ?? null,
    filterValues: Array.isArray(value) ? value : [value],
  };
}

/** Entries as the editor's values by filter id. */
export const valuesOf = (list: ReportNativeFilter[]): Record<string, FilterValue> =>
  Object.fromEntries(list.map((e) => [e.nativeFilterId, filterValueOf(e.filterType, e.filterValues)]));

const lower = (a: string) => a.trim().toLowerCase();

/**
 * What the API refuses in the filter state (field `extra`): entries naming a filter the dashboard does not have,
 * per-recipient values for an address that is not among the report's recipients, an address mapped twice, or
 * a mapping on a report that is not a dashboard report.
 */
export function filterStateProblems(extra: Record<string, unknown>, dashboardFilterIds: string[] | null, addresses: string[]): string[] {
  const dashboard = isDict(extra.dashboard) ? extra.dashboard : null;
  if (!dashboard) return [];
  const problems: string[] = [];
  const lists: [string, unknown][] = [["nativeFilters", dashboard.nativeFilters]];
  const perRecipient = dashboard.recipientNativeFilters;
  if (perRecipient !== undefined && !Array.isArray(perRecipient)) problems.push("recipientNativeFilters must be a list of { recipient, nativeFilters }");
  const mapped = new Set<string>();
  const known = new Set(addresses.map(lower));
  for (const [i, r] of (Array.isArray(perRecipient) ? perRecipient : []).entries()) {
    if (!isDict(r) || typeof r.recipient !== "string" || !r.recipient.trim()) {
      problems.push(`recipientNativeFilters ${i}: a recipient (an email address) is required`);
      continue;
    }
    const address = lower(r.recipient);
    if (!known.has(address)) problems.push(`Unknown recipient: ${r.recipient.trim()} is not among the report's email recipients`);
    if (mapped.has(address)) problems.push(`Recipient ${r.recipient.trim()} is mapped more than once`);
    mapped.add(address);
    lists.push([`recipientNativeFilters ${i}`, r.nativeFilters]);
  }
  if (dashboardFilterIds === null) {
    const used = lists.some(([, l]) => Array.isArray(l) && l.length);
    return used ? [...problems, "Native filter values apply to dashboard reports only"] : problems;
  }
  for (const [where, list] of lists) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`${where}: must be a list`);
      continue;
    }
    for (const raw of list) {
      const entry = readEntry(raw);
      if (!entry) problems.push(`${where}: each entry needs a nativeFilterId`);
      else if (!dashboardFilterIds.includes(entry.nativeFilterId)) problems.push(`Unknown native filter id: ${entry.nativeFilterId}`);
      else if (!Array.isArray((raw as Dict).filterValues)) problems.push(`${where}: filterValues of ${entry.nativeFilterId} must be a list`);
    }
  }
  return [...new Set(problems)];
}

/**
 * The data mask a report applies: every native filter at the dashboard's default, overridden by the chosen
 * entries (as Superset's report URL does with `native_filters`). Cross-filters never reach a report.
 */
export function reportDataMask(filters: FilterConfigItem[], chosen: ReportNativeFilter[]): DataMask {
  const values = valuesOf(chosen);
  const mask: DataMask = {};
  for (const f of filters.filter(isNativeFilter)) mask[f.id] = filterMask(f, f.id in values ? values[f.id] : defaultValue(f));
  return mask;
}

/** Each chart's extra_form_data under the chosen values, exactly as the dashboard page merges it. */
export function reportExtraFormData(layout: Layout, charts: ChartInfo[], filters: FilterConfigItem[], chosen: ReportNativeFilter[]): Record<number, ExtraFormData> {
  const masks = chartMasks(layout, charts, filters, reportDataMask(filters, chosen));
  return Object.fromEntries(Object.entries(masks).map(([id, m]) => [Number(id), m.extraFormData]));
}

/** "Region: EMEA, APAC; Year: 2020 ≤ x ≤ 2024": the values a recipient's email says it shows. */
export function appliedFiltersText(filters: FilterConfigItem[], chosen: ReportNativeFilter[]): string {
  const values = valuesOf(chosen);
  return filters.filter(isNativeFilter).map((f) => {
    const label = valueLabel(f.filterType as FilterType, f.id in values ? values[f.id] : defaultValue(f));
    return label ? `${f.name}: ${label}` : "";
  }).filter(Boolean).join("; ");
}

export interface EmailRecipientsRow {
  to: string[];
  cc: string[];
  bcc: string[];
}

/** One email of a run: whom it goes to, the filter state it shows, and its key in the run's delivery journal. */
export interface PlannedEmail {
  /** a recipient row's index for the report's own state (as before per-recipient content); `recipient:<address>` otherwise */
  key: number | string;
  recipients: EmailRecipientsRow;
  nativeFilters: ReportNativeFilter[];
  /** the same key for the same filter state: emails sharing one are drawn once */
  stateKey: string;
}

/**
 * Who gets which email: each mapped address its own (To: that address only, once however often it is listed;
 * its values over the report's),
 * each recipient row the report's own state for its remaining addresses (a row left empty sends nothing).
 */
export function planEmails(rows: { index: number; r: EmailRecipientsRow }[], state: ReportDashboardState): PlannedEmail[] {
  const byAddress = new Map(state.recipientNativeFilters.map((m) => [lower(m.recipient), m.nativeFilters]));
  const stateKey = (list: ReportNativeFilter[]) => JSON.stringify([...list].sort((a, b) => a.nativeFilterId.localeCompare(b.nativeFilterId)).map((e) => [e.nativeFilterId, e.filterValues]));
  const out: PlannedEmail[] = [];
  const personal = new Set<string>();
  for (const { index, r } of rows) {
    const keep = (list: string[]) => list.filter((a) => !byAddress.has(lower(a)));
    const rest = { to: keep(r.to), cc: keep(r.cc), bcc: keep(r.bcc) };
    if (rest.to.length + rest.cc.length + rest.bcc.length) out.push({ key: index, recipients: rest, nativeFilters: state.nativeFilters, stateKey: stateKey(state.nativeFilters) });
    for (const a of [...r.to, ...r.cc, ...r.bcc]) {
      const own = byAddress.get(lower(a));
      if (!own || personal.has(lower(a))) continue;
      personal.add(lower(a));
      // the recipient's values override the report's for the same filters; the report's others still apply
      const merged = [...state.nativeFilters.filter((e) => !own.some((o) => o.nativeFilterId === e.nativeFilterId)), ...own];
      out.push({ key: `recipient:${lower(a)}`, recipients: { to: [a], cc: [], bcc: [] }, nativeFilters: merged, stateKey: stateKey(merged) });
    }
  }
  return out;
}
