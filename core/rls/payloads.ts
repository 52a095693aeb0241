import { validationError } from "../http/errors";
import { FAB_FILTERS, op, type FabResource } from "../http/fab";
import { RLS_FILTER_TYPES, type RlsFilterType } from "./rules";

// Superset's RLSRestApi: its FAB metadata and the POST/PUT bodies (RLSPostSchema / RLSPutSchema). POST needs
// name, filter_type, tables (at least one), roles and clause; PUT any of them. Unknown fields are refused as
// Marshmallow does.

export const RLS_VIEW = "Row Level Security";

export const RLS: FabResource = {
  listColumns: [
    "id", "name", "filter_type", "tables.id", "tables.schema", "tables.table_name", "roles.id", "roles.name", "clause",
    "changed_on_delta_humanized", "changed_by.first_name", "changed_by.last_name", "changed_by.id", "group_key", "description",
  ],
  showColumns: ["id", "name", "filter_type", "tables.id", "tables.schema", "tables.table_name", "roles.id", "roles.name", "clause", "group_key", "description"],
  orderColumns: ["name", "filter_type", "clause", "changed_on_delta_humanized", "group_key"],
  listTitle: "List Row Level Security Filter",
  showTitle: "Show Row Level Security Filter",
  addTitle: "Add Row Level Security Filter",
  editTitle: "Edit Row Level Security Filter",
  addColumns: [
    { name: "name", type: "String", required: true }, { name: "description", type: "String" }, { name: "filter_type", type: "String", required: true },
    { name: "tables", type: "List", required: true }, { name: "roles", type: "List", required: true }, { name: "group_key", type: "String" },
    { name: "clause", type: "String", required: true },
  ],
  editColumns: [
    { name: "name", type: "String" }, { name: "description", type: "String" }, { name: "filter_type", type: "String" }, { name: "tables", type: "List" },
    { name: "roles", type: "List" }, { name: "group_key", type: "String" }, { name: "clause", type: "String" },
  ],
  filters: {
    name: FAB_FILTERS.text, filter_type: FAB_FILTERS.text, clause: FAB_FILTERS.text, group_key: FAB_FILTERS.text, description: FAB_FILTERS.text,
    tables: [op("Relation as Many", "rel_m_m")], roles: [op("Relation as Many", "rel_m_m")], changed_by: FAB_FILTERS.relation,
  },
};

export interface RlsPayload {
  name?: string;
  description?: string | null;
  filter_type?: RlsFilterType;
  tables?: number[];
  roles?: number[];
  group_key?: string | null;
  clause?: string;
}

const FIELDS = ["name", "description", "filter_type", "tables", "roles", "group_key", "clause"] as const;
const REQUIRED = ["name", "filter_type", "tables", "roles", "clause"] as const;

function ids(value: unknown): number[] | null {
  return Array.isArray(value) && value.every((v) => Number.isSafeInteger(v)) ? [...new Set(value as number[])] : null;
}

/** A POST (`creating`) or PUT body; 400 with each field's message, as Marshmallow answers. */
export function parseRlsPayload(body: Record<string, unknown>, creating: boolean): RlsPayload {
  const errors: Record<string, string[]> = {};
  const out: RlsPayload = {};
  for (const [key, value] of Object.entries(body)) {
    if (!(FIELDS as readonly string[]).includes(key)) {
      errors[key] = ["Unknown field."];
      continue;
    }
    const nullable = key === "description" || key === "group_key";
    if (value === null && !nullable) errors[key] = ["Field may not be null."];
    else if (key === "tables" || key === "roles") {
      const list = ids(value);
      if (!list) errors[key] = ["Not a valid list of integers."];
      else if (key === "tables" && creating && !list.length) errors[key] = ["Shorter than minimum length 1."];
      else out[key] = list;
    } else if (value !== null && typeof value !== "string") errors[key] = ["Not a valid string."];
    else if (key === "filter_type") {
      if (!RLS_FILTER_TYPES.includes(value as RlsFilterType)) errors[key] = ["Must be one of: Regular, Base."];
      else out.filter_type = value as RlsFilterType;
    } else if (key === "name") {
      const name = value as string;
      if (!name.length || name.length > 255) errors[key] = ["Length must be between 1 and 255."];
      else out.name = name;
    } else if (key === "clause") {
      if (!(value as string).trim()) errors[key] = ["The SQL clause is empty."];
      else out.clause = value as string;
    } else (out as Record<string, unknown>)[key] = value;
  }
  if (creating) for (const key of REQUIRED) if (!(key in body)) errors[key] = ["Missing data for required field."];
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

/** A rule as the list answers it (RLSRestApi.get_list), for the API and the list page alike. */
export interface RlsListItem {
  id: number;
  name: string;
  filter_type: string;
  clause: string;
  group_key: string;
  description: string;
  tables: { id: number; schema: string; table_name: string }[];
  roles: { id: number; name: string }[];
  changed_on_delta_humanized: string | null;
  changed_by: { id: number; first_name: string; last_name: string } | null;
}
