import { validationError } from "../http/errors";
import { canonicalZone } from "../time-zone/zone";
import { GUEST_ROLE } from "./roles";

// Superset's guest tokens (security/guest_token.py, SupersetSecurityManager.create_guest_access_token): a host
// app's backend asks POST /api/v1/security/guest_token/ for a short-lived HS256 JWT naming the embedded
// dashboards a viewer may read, the row-level security clauses that bind them and who they are; the embedded
// page sends it back in the X-GuestToken header. Pure: the route checks the stored rows, workers/http signs
// and verifies.

/** Superset's GUEST_TOKEN_HEADER_NAME. */
export const GUEST_TOKEN_HEADER = "X-GuestToken";

/**
 * A browser websocket cannot send X-GuestToken, and a token in the URL would be logged: an embedded page's live
 * channel offers the token as a subprotocol `guest-token.<token>` (a JWT's characters are all allowed there)
 * beside the one the server answers with. Only for websocket handshakes; verified exactly as the header is.
 */
export const GUEST_TOKEN_PROTOCOL_PREFIX = "guest-token.";

/** The guest token among a handshake's offered subprotocols (Sec-WebSocket-Protocol), if any. */
export function guestTokenOfProtocols(header: string | null | undefined): string | undefined {
  for (const offered of (header ?? "").split(",")) {
    const p = offered.trim();
    if (p.startsWith(GUEST_TOKEN_PROTOCOL_PREFIX) && p.length > GUEST_TOKEN_PROTOCOL_PREFIX.length) return p.slice(GUEST_TOKEN_PROTOCOL_PREFIX.length);
  }
  return undefined;
}
/** Superset's GUEST_TOKEN_JWT_EXP_SECONDS default. */
export const DEFAULT_GUEST_TOKEN_SECONDS = 300;
/** Superset's audience when GUEST_TOKEN_JWT_AUDIENCE is unset: get_url_host(), WEBDRIVER_BASEURL's default. */
export const DEFAULT_GUEST_AUDIENCE = "http://0.0.0.0:8080/";
/**
 * GUEST_ROLE_NAME's default: the built-in Guest role (core/security/roles.ts). Superset's default is Public, but
 * here Public's pairs are also the anonymous viewer's (PUBLIC_ROLE_LIKE): a role of its own keeps the two apart.
 */
export const DEFAULT_GUEST_ROLE = GUEST_ROLE;

export interface GuestUser {
  username: string;
  first_name: string;
  last_name: string;
  /** any further attributes the host app sends: the clauses' templates read them */
  [attribute: string]: string | number | boolean | null;
}
export interface GuestResource { type: "dashboard"; id: string }
export interface GuestRlsRule { clause: string; dataset?: number }

export interface GuestTokenRequest { user: GuestUser; resources: GuestResource[]; rls: GuestRlsRule[] }

export interface GuestClaims {
  user: GuestUser;
  resources: GuestResource[];
  rls_rules: GuestRlsRule[];
  iat: number;
  exp: number;
  aud: string;
  type: "guest";
}

const MAX_RESOURCES = 50;
const MAX_RULES = 100;
const MAX_CLAUSE = 4_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function parseUser(raw: unknown, errors: Record<string, string[]>): GuestUser {
  const user: GuestUser = { username: "", first_name: "", last_name: "" };
  if (raw === undefined) return user;
  if (!isObject(raw)) {
    errors.user = ["Not a valid mapping type."];
    return user;
  }
  for (const [key, value] of Object.entries(raw)) {
    if (key === "__proto__" || key === "constructor" || key === "prototype") continue;
    if (value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) user[key] = value;
    else (errors.user ??= []).push(`${key}: Not a valid value.`);
  }
  // the viewer's zone, when the host app knows it: their relative time ranges resolve in it
  if (user.time_zone !== undefined && user.time_zone !== null) {
    const zone = canonicalZone(user.time_zone);
    if (zone) user.time_zone = zone;
    else (errors.user ??= []).push(`time_zone: Unknown time zone: ${String(user.time_zone)}`);
  }
  for (const key of ["username", "first_name", "last_name"] as const) {
    if (typeof user[key] !== "string") {
      if (user[key] !== null && user[key] !== undefined) (errors.user ??= []).push(`${key}: Not a valid string.`);
      user[key] = "";
    }
  }
  return user;
}

/** GuestTokenCreateSchema: `resources` and `rls` required lists, `user` optional; 400 naming each bad field. */
export function parseGuestTokenRequest(body: Record<string, unknown>): GuestTokenRequest {
  const errors: Record<string, string[]> = {};
  const user = parseUser(body.user, errors);
  const resources: GuestResource[] = [];
  if (!Array.isArray(body.resources)) errors.resources = [body.resources === undefined ? "Missing data for required field." : "Not a valid list."];
  else if (body.resources.length > MAX_RESOURCES) errors.resources = [`At most ${MAX_RESOURCES} resources.`];
  else
    body.resources.forEach((r, i) => {
      const id = isObject(r) ? r.id : undefined;
      if (!isObject(r) || r.type !== "dashboard") (errors.resources ??= []).push(`${i}: type must be one of: dashboard.`);
      else if (!(typeof id === "string" && id.trim()) && !(typeof id === "number" && Number.isSafeInteger(id))) (errors.resources ??= []).push(`${i}: id: Not a valid string.`);
      else resources.push({ type: "dashboard", id: String(id).trim() });
    });
  const rls: GuestRlsRule[] = [];
  if (!Array.isArray(body.rls)) errors.rls = [body.rls === undefined ? "Missing data for required field." : "Not a valid list."];
  else if (body.rls.length > MAX_RULES) errors.rls = [`At most ${MAX_RULES} rules.`];
  else
    body.rls.forEach((r, i) => {
      if (!isObject(r) || typeof r.clause !== "string" || !r.clause.trim() || r.clause.length > MAX_CLAUSE) (errors.rls ??= []).push(`${i}: clause: Not a valid string.`);
      else if (r.dataset !== undefined && r.dataset !== null && !(typeof r.dataset === "number" && Number.isSafeInteger(r.dataset))) (errors.rls ??= []).push(`${i}: dataset: Not a valid integer.`);
      else rls.push(typeof r.dataset === "number" ? { clause: r.clause, dataset: r.dataset } : { clause: r.clause });
    });
  if (Object.keys(errors).length) throw validationError(errors);
  return { user, resources, rls };
}

export function guestClaims(request: GuestTokenRequest, audience: string, seconds: number, nowMs: number): GuestClaims {
  const iat = Math.floor(nowMs / 1000);
  return { user: request.user, resources: request.resources, rls_rules: request.rls, iat, exp: iat + seconds, aud: audience, type: "guest" };
}

/**
 * A verified token's payload as guest claims, or the reason it is refused: the signature is checked before
 * this (services/security/guest-token.ts), here the claims a signature cannot vouch for being the right kind.
 */
export function checkGuestClaims(payload: Record<string, unknown>, audience: string, nowMs: number): GuestClaims | string {
  if (payload.type !== "guest") return "Not a guest token";
  if (payload.aud !== audience) return "Invalid audience";
  if (typeof payload.exp !== "number" || payload.exp * 1000 <= nowMs) return "Token has expired";
  if (!isObject(payload.user) || !Array.isArray(payload.resources) || !Array.isArray(payload.rls_rules)) return "Invalid token";
  try {
    const request = parseGuestTokenRequest({ user: payload.user, resources: payload.resources, rls: payload.rls_rules });
    return { ...guestClaims(request, audience, 0, 0), iat: Number(payload.iat) || 0, exp: payload.exp };
  } catch {
    return "Invalid token";
  }
}

/** Whole seconds from a setting, else the default (a bad value never means "forever"). */
export function guestTokenSeconds(setting: string | undefined): number {
  const n = Number(setting);
  return setting && Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_GUEST_TOKEN_SECONDS;
}
