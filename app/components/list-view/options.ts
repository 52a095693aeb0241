import rison from "rison";
import { apiCall } from "../api-call";

// Option sources for list filters and pickers: FAB's `related/<column>` of a resource (owners, created_by …)
// and, for anything else, a caller-given fetch. Options carry string values, as Mantine's selects want.

export interface Option {
  value: string;
  label: string;
}

export const risonParam = (value: unknown) => encodeURIComponent(rison.encode(value as never));

interface RelatedAnswer {
  result: { value: string | number; text: string }[];
}

/** `GET /api/v1/<resource>/related/<column>?q=(filter,page,page_size,include_ids)` as options. */
export function relatedOptions(resource: string, column: string) {
  return async (search: string, includeIds: number[] = []): Promise<Option[]> => {
    const q = { filter: search, page: 0, page_size: 50, ...(includeIds.length ? { include_ids: includeIds } : {}) };
    const res = await apiCall<RelatedAnswer>("GET", `/api/v1/${resource}/related/${column}?q=${risonParam(q)}`, null);
    if (!res.ok) return [];
    return res.body.result.map((r) => ({ value: String(r.value), label: r.text }));
  };
}

interface TagListAnswer {
  result: { id: number; name: string }[];
}

/**
 * Custom tags as options (Superset's lists load their Tag filter from GET /api/v1/tag/ with the custom_tag
 * filter): those whose name holds the search, and the ones already chosen.
 */
export async function tagOptions(search: string, includeIds: number[] = []): Promise<Option[]> {
  const filters = [{ col: "type", opr: "custom_tag", value: true }, ...(search ? [{ col: "name", opr: "ct", value: search }] : [])];
  const ask = (f: unknown[]) => apiCall<TagListAnswer>("GET", `/api/v1/tag/?q=${risonParam({ filters: f, order_column: "name", order_direction: "asc", page: 0, page_size: 50 })}`, null);
  const [found, chosen] = await Promise.all([ask(filters), includeIds.length ? ask([{ col: "id", opr: "in", value: includeIds }]) : null]);
  const rows = [...(chosen?.ok ? chosen.body.result : []), ...(found.ok ? found.body.result : [])];
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => ({ value: String(r.id), label: r.name }));
}
