import { ENGINES, engineSpec } from "../engines/registry";
import { badRequest, validationError } from "../http/errors";
import { buildUri, engineOfScheme, maskUri, parseSqlalchemyUri, passwordInUri, PASSWORD_MASK, type EngineName } from "./uri";

// Validation of the databases API payloads (POST/PUT /api/v1/database/, test_connection), Marshmallow-style:
// unknown or mistyped fields are field errors; an unusable URI or engine is a clear 400.

const BOOL_FIELDS = [
  "allow_run_async", "allow_dml", "expose_in_sqllab", "allow_ctas", "allow_cvas", "allow_file_upload",
  "impersonate_user", "is_managed_externally",
] as const;

/** Accepted and ignored: Superset's clients send them, but they configure features this product does not have. */
const IGNORED_FIELDS = ["driver", "masked_encrypted_extra", "server_cert", "ssh_tunnel", "catalog", "uuid"];

export interface DatabaseFields {
  database_name?: string;
  engine?: EngineName;
  /** stored form: password masked */
  sqlalchemy_uri?: string;
  cache_timeout?: number | null;
  force_ctas_schema?: string | null;
  extra?: string;
  configuration_method?: string;
  external_url?: string | null;
  allow_run_async?: boolean;
  allow_dml?: boolean;
  expose_in_sqllab?: boolean;
  allow_ctas?: boolean;
  allow_cvas?: boolean;
  allow_file_upload?: boolean;
  impersonate_user?: boolean;
  is_managed_externally?: boolean;
}

export interface DatabasePayload {
  fields: DatabaseFields;
  /**
   * The password sent with this payload: a string to store, null when the URI carries none, undefined
   * when the URI still holds the mask (keep the stored one) or no URI was sent.
   */
  password: string | null | undefined;
}

export function parseDatabasePayload(body: Record<string, unknown>, mode: "create" | "update" | "test"): DatabasePayload {
  const errors: Record<string, string[]> = {};
  const fields: DatabaseFields = {};
  const known = new Set<string>([...BOOL_FIELDS, ...IGNORED_FIELDS, "database_name", "sqlalchemy_uri", "engine", "cache_timeout",
    "force_ctas_schema", "extra", "configuration_method", "external_url", "parameters"]);
  // test_connection may name the database being edited, whose stored password a masked URI stands for
  if (mode === "test") known.add("id");
  for (const key of Object.keys(body)) if (!known.has(key)) errors[key] = ["Unknown field."];
  if (mode === "test" && body.id !== undefined && body.id !== null && !(Number.isSafeInteger(body.id) && (body.id as number) > 0))
    errors.id = ["Not a valid integer."];

  if (body.database_name !== undefined) {
    const name = body.database_name;
    if (typeof name !== "string" || !name.trim()) errors.database_name = ["Database name must be a non-empty string."];
    else if (name.length > 250) errors.database_name = ["Length must be between 1 and 250."];
    else fields.database_name = name.trim();
  } else if (mode === "create") {
    errors.database_name = ["Missing data for required field."];
  }
  for (const key of BOOL_FIELDS) {
    if (body[key] === undefined) continue;
    if (typeof body[key] !== "boolean") errors[key] = ["Not a valid boolean."];
    else fields[key] = body[key] as boolean;
  }
  if (body.cache_timeout !== undefined) {
    const v = body.cache_timeout;
    if (v !== null && (!Number.isSafeInteger(v) || (v as number) < -1)) errors.cache_timeout = ["Not a valid integer."];
    else fields.cache_timeout = v as number | null;
  }
  for (const key of ["force_ctas_schema", "external_url"] as const) {
    const v = body[key];
    if (v === undefined) continue;
    if (v !== null && typeof v !== "string") errors[key] = ["Not a valid string."];
    else fields[key] = v === "" ? null : (v as string | null);
  }
  if (body.extra !== undefined) {
    const problem = extraProblem(body.extra);
    if (problem) errors.extra = [problem];
    else fields.extra = typeof body.extra === "string" && body.extra.trim() ? body.extra : "{}";
  }
  if (body.configuration_method !== undefined) {
    if (body.configuration_method !== "sqlalchemy_form" && body.configuration_method !== "dynamic_form")
      errors.configuration_method = ["Must be one of: sqlalchemy_form, dynamic_form."];
    else fields.configuration_method = body.configuration_method;
  }
  if (body.engine !== undefined && body.engine !== null && (typeof body.engine !== "string" || !engineOfScheme(body.engine)))
    errors.engine = [`Unknown engine: ${String(body.engine)}. Supported engines: ${ENGINES.engines.map((e) => e.name).join(", ")}.`];
  if (Object.keys(errors).length) throw validationError(errors);

  const uri = uriFromBody(body);
  let password: string | null | undefined;
  if (uri !== undefined) {
    const parsed = parseSqlalchemyUri(uri);
    if (typeof body.engine === "string" && engineOfScheme(body.engine) !== parsed.engine)
      throw badRequest(`The engine ${body.engine} does not match the connection string (${parsed.scheme}://)`);
    fields.engine = parsed.engine;
    fields.sqlalchemy_uri = maskUri(uri.trim());
    password = hasMask(uri) ? undefined : passwordInUri(uri);
  } else if (mode !== "update") {
    throw validationError({ sqlalchemy_uri: ["Missing data for required field."] });
  }
  return { fields, password };
}

/** `extra` must be a JSON object written as text (Superset keeps disable_data_preview, engine_params … in it). */
export function extraProblem(extra: unknown): string | null {
  if (extra === null || extra === "") return null;
  if (typeof extra !== "string") return "Field cannot be decoded by JSON: extra must be JSON text.";
  try {
    const value = JSON.parse(extra);
    if (value === null || typeof value !== "object" || Array.isArray(value)) return "Field cannot be decoded by JSON: extra must be a JSON object.";
  } catch (e) {
    return `Field cannot be decoded by JSON. ${(e as Error).message}`;
  }
  return null;
}

/** The parsed extra JSON of a stored database (bad JSON reads as empty rather than failing a page). */
export function parseExtra(extra: string | null | undefined): Record<string, unknown> {
  try {
    const value = JSON.parse(extra || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function hasMask(uri: string): boolean {
  return new RegExp(`^[^:]+://[^:/@]*:${PASSWORD_MASK}@`).test(uri);
}

/** The URI as sent, or built from Superset's `parameters` (the "dynamic form" of the connection modal). */
function uriFromBody(body: Record<string, unknown>): string | undefined {
  if (typeof body.sqlalchemy_uri === "string" && body.sqlalchemy_uri.trim()) return body.sqlalchemy_uri;
  if (body.sqlalchemy_uri !== undefined && body.sqlalchemy_uri !== null && body.sqlalchemy_uri !== "")
    throw validationError({ sqlalchemy_uri: ["Not a valid string."] });
  const p = body.parameters;
  if (p === undefined || p === null) return undefined;
  if (typeof p !== "object" || Array.isArray(p)) throw validationError({ parameters: ["Not a valid mapping type."] });
  const params = p as Record<string, unknown>;
  const engine = typeof body.engine === "string" ? engineOfScheme(body.engine) : null;
  if (!engine) throw validationError({ engine: ["An engine is required with connection parameters."] });
  const str = (k: string) => (params[k] === undefined || params[k] === null || params[k] === "" ? null : String(params[k]));
  const port = params.port === undefined || params.port === null || params.port === "" ? null : Number(params.port);
  if (port !== null && (!Number.isInteger(port) || port < 1 || port > 65535)) throw validationError({ parameters: ["Port must be between 1 and 65535."] });
  if (engineSpec(engine).form.needsHost && !str("host")) throw validationError({ parameters: ["A host is required."] });
  if (!str("database")) throw validationError({ parameters: ["A database name is required."] });
  const query = params.query && typeof params.query === "object" ? (params.query as Record<string, string>) : undefined;
  return buildUri({ engine, host: str("host"), port, database: str("database"), username: str("username"), password: str("password"), query });
}
