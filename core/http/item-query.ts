import { badRequest } from "./errors";

// The `?q=` of Superset's single-item GETs (get_item_schema): (columns:!(...),keys:!(...)). Decoded and
// checked even where a resource answers every column, so a malformed q is a 400 and never silently ignored.

export interface ItemArgs {
  columns: string[] | null;
  keys: string[] | null;
}

export function parseItemArgs(q: unknown): ItemArgs {
  if (q === undefined || q === null) return { columns: null, keys: null };
  if (typeof q !== "object" || Array.isArray(q)) throw badRequest("The q argument must be a rison object");
  const o = q as Record<string, unknown>;
  for (const key of Object.keys(o)) if (key !== "columns" && key !== "keys") throw badRequest(`Unknown q argument: ${key}`);
  return { columns: nameList(o.columns, "columns"), keys: nameList(o.keys, "keys") };
}

function nameList(value: unknown, name: string): string[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) throw badRequest(`${name} must be a list of names`);
  return value as string[];
}
