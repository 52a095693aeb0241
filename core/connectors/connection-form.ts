import { ApiError } from "../http/errors";
import { extraProblem } from "./database-payload";
import { ENGINES, engineSpec, type EngineName } from "../engines/registry";
import { buildUri, parseSqlalchemyUri, PASSWORD_MASK } from "./uri";

// The model behind the Databases page's connection form: what the form holds, how an existing database
// fills it (never with a password: the server only ever answers a masked URI), what is wrong with it
// before anything is sent, and the payloads for test_connection and save.

export type ConnectionMode = "fields" | "uri";

export interface ConnectionForm {
  engine: EngineName;
  /** "fields": host, port … build the URI (Superset's dynamic_form); "uri": a SQLAlchemy URI typed in */
  mode: ConnectionMode;
  sqlalchemy_uri: string;
  host: string;
  port: string;
  /** the database name; for D1 the binding name */
  database: string;
  username: string;
  /** only what the user typed in this form; blank keeps a stored password */
  password: string;
  /** URI options of the stored connection (e.g. sslmode), kept when the fields rebuild the URI */
  query: Record<string, string>;
  /** the stored connection has a password, which the server keeps while the URI holds the mask */
  hasStoredPassword: boolean;
  database_name: string;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  force_ctas_schema: string;
  cache_timeout: string;
  extra: string;
}

export const ENGINE_CHOICES: { value: EngineName; label: string }[] = ENGINES.engines.map((e) => ({ value: e.name, label: e.form.label }));

export function emptyConnectionForm(engine: EngineName = "postgresql"): ConnectionForm {
  return {
    engine,
    mode: "fields",
    sqlalchemy_uri: "",
    host: engineSpec(engine).form.defaults.host,
    port: String(engineSpec(engine).defaultPort ?? ""),
    database: engineSpec(engine).form.defaults.database,
    username: "",
    password: "",
    query: {},
    hasStoredPassword: false,
    database_name: "",
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_dml: false,
    allow_ctas: false,
    allow_cvas: false,
    force_ctas_schema: "",
    cache_timeout: "",
    extra: "",
  };
}

/** Switching engine resets the connection part to that engine's defaults and keeps the rest. */
export function withEngine(form: ConnectionForm, engine: EngineName): ConnectionForm {
  const fresh = emptyConnectionForm(engine);
  return { ...form, engine, host: fresh.host, port: fresh.port, database: fresh.database, username: "", password: "", query: {}, sqlalchemy_uri: "", hasStoredPassword: false };
}

/** A database as GET /api/v1/database/{id}/connection answers it (masked URI, parameters without password). */
export interface StoredConnection {
  database_name: string;
  engine: string;
  sqlalchemy_uri: string;
  configuration_method?: string | null;
  parameters?: { host?: string | null; port?: number | null; database?: string | null; username?: string | null; query?: Record<string, string> };
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
  extra: string | null;
}

export function formFromStored(db: StoredConnection): ConnectionForm {
  const engine: EngineName = ENGINES.isEngine(db.engine) ? db.engine : "postgresql";
  const { fieldsOnly } = engineSpec(engine).form;
  const p = db.parameters ?? {};
  return {
    ...emptyConnectionForm(engine),
    mode: db.configuration_method === "dynamic_form" || fieldsOnly ? "fields" : "uri",
    sqlalchemy_uri: db.sqlalchemy_uri,
    host: p.host ?? "",
    port: p.port ? String(p.port) : "",
    database: p.database ?? (fieldsOnly ? db.sqlalchemy_uri.replace(/^[^:]*:\/\//, "") : ""),
    username: p.username ?? "",
    query: p.query ?? {},
    hasStoredPassword: db.sqlalchemy_uri.includes(`:${PASSWORD_MASK}@`),
    database_name: db.database_name,
    expose_in_sqllab: db.expose_in_sqllab,
    allow_run_async: db.allow_run_async,
    allow_dml: db.allow_dml,
    allow_ctas: db.allow_ctas,
    allow_cvas: db.allow_cvas,
    force_ctas_schema: db.force_ctas_schema ?? "",
    cache_timeout: db.cache_timeout === null || db.cache_timeout === undefined ? "" : String(db.cache_timeout),
    extra: db.extra && db.extra !== "{}" ? db.extra : "",
  };
}

/**
 * The URI the form describes. Built from the fields, a blank password on a connection that has one
 * becomes the mask, which tells the server to keep the stored password.
 */
export function connectionUri(form: ConnectionForm): string {
  if (form.mode === "uri" && !engineSpec(form.engine).form.fieldsOnly) return form.sqlalchemy_uri.trim();
  const password = form.password || (form.hasStoredPassword ? PASSWORD_MASK : null);
  return buildUri({
    engine: form.engine,
    host: form.host.trim() || null,
    port: form.port.trim() ? Number(form.port) : null,
    database: form.database.trim() || null,
    username: form.username.trim() || null,
    password: form.username.trim() ? password : null,
    query: form.query,
  });
}

/** Field problems found before sending (the server checks the same again). */
export function connectionProblems(form: ConnectionForm, purpose: "test" | "save"): Record<string, string> {
  const problems: Record<string, string> = {};
  if (purpose === "save" && !form.database_name.trim()) problems.database_name = "A display name is required.";
  const rules = engineSpec(form.engine).form;
  if (form.mode === "fields" || rules.fieldsOnly) {
    if (rules.needsHost) {
      if (!form.host.trim()) problems.host = "A host is required.";
      const port = Number(form.port);
      if (form.port.trim() && (!Number.isInteger(port) || port < 1 || port > 65535)) problems.port = "Port must be between 1 and 65535.";
    }
    if (!rules.database.pattern.test(form.database.trim())) problems.database = rules.database.problem;
  } else {
    const uriProblem = problemOf(() => {
      const parsed = parseSqlalchemyUri(form.sqlalchemy_uri);
      if (parsed.engine !== form.engine) throw new Error(`This is not a ${ENGINE_CHOICES.find((e) => e.value === form.engine)?.label} connection string.`);
    });
    if (uriProblem) problems.sqlalchemy_uri = uriProblem;
  }
  const timeout = form.cache_timeout.trim();
  if (timeout && (!/^-?\d+$/.test(timeout) || Number(timeout) < -1)) problems.cache_timeout = "Cache timeout must be a whole number of seconds.";
  const extra = extraProblem(form.extra.trim());
  if (extra) problems.extra = extra;
  return problems;
}

function problemOf(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (e) {
    return e instanceof ApiError || e instanceof Error ? e.message : String(e);
  }
}

/** Body of POST /api/v1/database/test_connection/. */
export function testConnectionPayload(form: ConnectionForm, databaseId: number | null = null): Record<string, unknown> {
  const body: Record<string, unknown> = { sqlalchemy_uri: connectionUri(form), engine: form.engine };
  // the id lets the server use the stored password while the URI holds the mask (only for the stored target)
  if (databaseId !== null) body.id = databaseId;
  if (form.database_name.trim()) body.database_name = form.database_name.trim();
  if (form.extra.trim()) body.extra = form.extra.trim();
  return body;
}

/** Body of POST /api/v1/database/ and PUT /api/v1/database/{id}. */
export function savePayload(form: ConnectionForm): Record<string, unknown> {
  const ctas = form.allow_ctas || form.allow_cvas;
  return {
    database_name: form.database_name.trim(),
    engine: form.engine,
    sqlalchemy_uri: connectionUri(form),
    configuration_method: form.mode === "fields" || engineSpec(form.engine).form.fieldsOnly ? "dynamic_form" : "sqlalchemy_form",
    expose_in_sqllab: form.expose_in_sqllab,
    allow_run_async: form.allow_run_async,
    allow_dml: form.allow_dml,
    allow_ctas: form.allow_ctas,
    allow_cvas: form.allow_cvas,
    force_ctas_schema: ctas && form.force_ctas_schema.trim() ? form.force_ctas_schema.trim() : null,
    cache_timeout: form.cache_timeout.trim() ? Number(form.cache_timeout) : null,
    extra: form.extra.trim() || "{}",
  };
}
