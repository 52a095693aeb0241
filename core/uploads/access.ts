// Superset's schema_allows_file_upload: the database must allow file upload, and when its extra JSON lists
// schemas_allowed_for_file_upload, the upload must name one of them.

export function uploadSchemas(extra: string | null): string[] {
  if (!extra) return [];
  try {
    const listed = (JSON.parse(extra) as { schemas_allowed_for_file_upload?: unknown })?.schemas_allowed_for_file_upload;
    return Array.isArray(listed) ? listed.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

export function uploadAllowed(database: { allow_file_upload: boolean; extra: string | null }, schema: string | null): boolean {
  if (!database.allow_file_upload) return false;
  const schemas = uploadSchemas(database.extra);
  return !schemas.length || (schema !== null && schemas.includes(schema));
}
