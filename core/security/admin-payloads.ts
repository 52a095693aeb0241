import { badRequest, validationError } from "../http/errors";
import { BUILT_IN_ROLES, GUEST_ROLE } from "./roles";

// Validation of the security admin API's bodies (users, roles, role permissions), with Marshmallow's
// messages so Superset clients show the same field errors. Unknown fields are refused as Marshmallow does.

export interface UserCreate {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password: string;
  roles: number[];
  active: boolean;
}

export type UserUpdate = Partial<UserCreate>;

type Field = "string" | "email" | "password" | "boolean" | "roles";

// The user form shows these messages beside its inputs, so a missing or empty field says so in the form's words
// ("First name is required") rather than Marshmallow's "Shorter than minimum length 1."
const USER_FIELDS: Record<keyof UserCreate, { kind: Field; max?: number; required: string }> = {
  first_name: { kind: "string", max: 64, required: "First name is required." },
  last_name: { kind: "string", max: 64, required: "Last name is required." },
  username: { kind: "string", max: 250, required: "Username is required." },
  email: { kind: "email", max: 320, required: "Email is required." },
  password: { kind: "password", max: 1024, required: "Password is required." },
  roles: { kind: "roles", required: "Choose at least one role." },
  active: { kind: "boolean", required: "" },
};

const REQUIRED_ON_CREATE: (keyof UserCreate)[] = ["first_name", "last_name", "username", "email", "password", "roles"];

export const MISSING = "Missing data for required field.";
/** Marshmallow's message for an empty value; user fields replace it with their own "… is required". */
const EMPTY = "Shorter than minimum length 1.";
// Deliberately loose: one @, something on both sides, a dot in the domain; mail delivery is the real check.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseUserCreate(body: Record<string, unknown>): UserCreate {
  const errors = fieldErrorBag();
  for (const name of REQUIRED_ON_CREATE) if (body[name] === undefined) errors[name] = [USER_FIELDS[name].required];
  const values = readUserFields(body, errors);
  if (Object.keys(errors).length) throw validationError(errors);
  return { active: true, ...values } as UserCreate;
}

export function parseUserUpdate(body: Record<string, unknown>): UserUpdate {
  const errors = fieldErrorBag();
  const values = readUserFields(body, errors);
  if (Object.keys(errors).length) throw validationError(errors);
  return values;
}

function readUserFields(body: Record<string, unknown>, errors: Record<string, string[]>): UserUpdate {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    // own keys only: a body key such as "__proto__" or "toString" must not find a prototype member
    const spec = Object.hasOwn(USER_FIELDS, name) ? USER_FIELDS[name as keyof UserCreate] : undefined;
    if (!spec) {
      errors[name] = ["Unknown field."];
      continue;
    }
    if (value === undefined) continue;
    const problem = checkField(spec.kind, value, spec.max);
    if (problem) errors[name] = [problem === EMPTY ? spec.required : problem];
    else out[name] = spec.kind === "string" || spec.kind === "email" ? (value as string).trim() : value;
  }
  return out as UserUpdate;
}

function checkField(kind: Field, value: unknown, max = Infinity): string | null {
  switch (kind) {
    case "boolean":
      return typeof value === "boolean" ? null : "Not a valid boolean.";
    case "roles":
      return Array.isArray(value) && value.length === 0 ? EMPTY : checkIdList(value, 1);
    default: {
      if (typeof value !== "string") return "Not a valid string.";
      const text = kind === "password" ? value : value.trim();
      if (text.length < 1) return EMPTY;
      if (text.length > max) return `Longer than maximum length ${max}.`;
      if (value.includes("\u0000")) return "Must not contain null characters.";
      if (kind === "email" && !EMAIL.test(text)) return "Not a valid email address.";
      return null;
    }
  }
}

/** A list of positive integer ids, at least `min` long, without duplicates counted twice. */
function checkIdList(value: unknown, min: number): string | null {
  if (!Array.isArray(value)) return "Not a valid list.";
  if (value.some((v) => !Number.isSafeInteger(v) || v < 1)) return "Not a valid integer.";
  if (value.length < min) return `Shorter than minimum length ${min}.`;
  if (value.length > 1000) return "Longer than maximum length 1000.";
  return null;
}

export function parseRoleName(body: Record<string, unknown>): string {
  const errors = fieldErrorBag();
  for (const key of Object.keys(body)) if (key !== "name") errors[key] = ["Unknown field."];
  const name = body.name;
  if (name === undefined) errors.name = [MISSING];
  else {
    const problem = checkField("string", name, 64);
    if (problem) errors.name = [problem];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return (name as string).trim();
}

/** `{ field: [id, ...] }` bodies of role permissions (permission_view_menu_ids) and role users (user_ids). */
export function parseIdList(body: Record<string, unknown>, field: string): number[] {
  const errors = fieldErrorBag();
  for (const key of Object.keys(body)) if (key !== field) errors[key] = ["Unknown field."];
  const value = body[field];
  if (value === undefined) errors[field] = [MISSING];
  else {
    const problem = checkIdList(value, 0);
    if (problem) errors[field] = [problem];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return [...new Set(value as number[])];
}

/** Roles that ship with the product: they can be neither renamed, deleted nor given other permissions here. */
export const BUILT_IN_ROLE_NAMES: readonly string[] = Object.keys(BUILT_IN_ROLES);

export interface RoleSearchArgs {
  name?: string;
  userIds?: number[];
  permissionIds?: number[];
  orderColumn: "id" | "name";
  orderDirection: "asc" | "desc";
  page: number;
  pageSize: number;
}

const ROLE_SEARCH_MAX_IDS = 90;

/** The `q` of GET /roles/search/: filters on name (contains), user_ids and permission_ids (any of). */
export function parseRoleSearch(q: unknown): RoleSearchArgs {
  if (q === undefined || q === null) q = {};
  if (typeof q !== "object" || Array.isArray(q)) throw badRequest("The q argument must be a rison object");
  const o = q as Record<string, unknown>;
  const args: RoleSearchArgs = { orderColumn: "id", orderDirection: "asc", page: 0, pageSize: 10 };
  if (o.order_column !== undefined) {
    if (o.order_column !== "id" && o.order_column !== "name") throw badRequest("order_column must be id or name");
    args.orderColumn = o.order_column;
  }
  if (o.order_direction !== undefined) {
    if (o.order_direction !== "asc" && o.order_direction !== "desc") throw badRequest("order_direction must be asc or desc");
    args.orderDirection = o.order_direction;
  }
  if (o.page !== undefined) {
    if (!Number.isSafeInteger(o.page) || (o.page as number) < 0) throw badRequest("page must be a non-negative integer");
    args.page = o.page as number;
  }
  if (o.page_size !== undefined) {
    if (!Number.isSafeInteger(o.page_size) || (o.page_size as number) < 1 || (o.page_size as number) > 100)
      throw badRequest("page_size must be an integer from 1 to 100");
    args.pageSize = o.page_size as number;
  }
  const filters = o.filters ?? [];
  if (!Array.isArray(filters)) throw badRequest("filters must be a list");
  for (const [i, f] of filters.entries()) {
    if (!f || typeof f !== "object" || Array.isArray(f)) throw badRequest(`filters[${i}] must be an object`);
    const { col, value } = f as Record<string, unknown>;
    if (col === "name") {
      if (typeof value !== "string") throw badRequest("Filter name needs a text value");
      args.name = value;
    } else if (col === "user_ids" || col === "permission_ids") {
      const ids = Array.isArray(value) ? value : [value];
      if (ids.length === 0 || ids.length > ROLE_SEARCH_MAX_IDS || ids.some((v) => !Number.isSafeInteger(v)))
        throw badRequest(`Filter ${col} needs 1 to ${ROLE_SEARCH_MAX_IDS} integer ids`);
      if (col === "user_ids") args.userIds = ids as number[];
      else args.permissionIds = ids as number[];
    } else throw badRequest(`Filter column not allowed: ${String(col)}`);
  }
  return args;
}

/** Field errors keyed by body keys: without a prototype, so a key named "__proto__" is recorded like any other. */
function fieldErrorBag(): Record<string, string[]> {
  return Object.create(null) as Record<string, string[]>;
}

/**
 * Whether a role's permissions are fixed: the built-in roles', except Public, whose grants an admin chooses
 * (what anonymous visitors may see, as Superset's PUBLIC_ROLE_LIKE), and Guest, whose grants are what embedded
 * dashboards' guests may do (GUEST_ROLE_NAME's default).
 */
export const hasFixedPermissions = (roleName: string) => BUILT_IN_ROLE_NAMES.includes(roleName) && roleName !== "Public" && roleName !== GUEST_ROLE;
