import { validationError } from "../http/errors";

// The body of POST /api/v1/cachekey/invalidate (Superset's CacheInvalidationRequestSchema): datasets by uid
// ("12__table") and/or by database name, schema and dataset name.

export interface NamedDatasource {
  database_name: string;
  datasource_name: string;
  schema: string | null;
}

export function parseInvalidation(body: Record<string, unknown>): { uids: number[]; named: NamedDatasource[] } {
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(body)) if (key !== "datasource_uids" && key !== "datasources") errors[key] = ["Unknown field."];
  const uids: number[] = [];
  const rawUids = body.datasource_uids ?? [];
  if (!Array.isArray(rawUids)) errors.datasource_uids = ["Not a valid list."];
  else for (const uid of rawUids) {
    const m = typeof uid === "string" ? /^(\d{1,15})__(table|dataset)$/.exec(uid) : null;
    if (!m) errors.datasource_uids = [`Not a dataset uid: ${String(uid)} (expected e.g. 12__table)`];
    else uids.push(Number(m[1]));
  }
  const named: NamedDatasource[] = [];
  const rawNamed = body.datasources ?? [];
  if (!Array.isArray(rawNamed)) errors.datasources = ["Not a valid list."];
  else rawNamed.forEach((d, i) => {
    const ok = d && typeof d === "object" && typeof d.database_name === "string" && typeof d.datasource_name === "string"
      && (d.schema === undefined || d.schema === null || typeof d.schema === "string") && ["table", "dataset"].includes(d.datasource_type);
    if (!ok) errors[`datasources.${i}`] = ["Needs database_name, datasource_name and datasource_type table (schema optional)."];
    else named.push({ database_name: d.database_name, datasource_name: d.datasource_name, schema: d.schema ?? null });
  });
  if (!uids.length && !named.length && !Object.keys(errors).length) errors.datasource_uids = ["Name at least one dataset to invalidate."];
  if (Object.keys(errors).length) throw validationError(errors);
  return { uids, named };
}
