import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { requires } from "../http/guard";
import { jsonObject } from "../http/input";
import { ApiError, badRequest, commandInvalid } from "../../core/http/errors";
import { guestClaims, guestTokenSeconds, parseGuestTokenRequest } from "../../core/security/guest-token";
import { checkRlsClause, type RlsViewer } from "../../core/rls/rules";
import { dialectFor } from "../../core/connectors/dialects";
import type { SqlDialect } from "../../core/sql-gate/lexer";
import { datasetsById } from "../../db/rls/store";
import { embeddedDashboardsNamed, guestReach } from "../../db/embedded/guest-access";
import { guestAudience, guestRoleAllowed, guestRoleExists, guestRoleName, signGuestToken } from "../../services/security/guest-token";

// POST /api/v1/security/guest_token/: Superset's SecurityRestApi.guest_token (can_grant_guest_token on
// SecurityRestApi, Admin's by default). Everything is checked before the token is signed, and nothing is
// written: the dashboards must be embedded (400 with Superset's message), the rules' datasets must exist (422
// naming them) and every clause must pass the SQL gate as a WHERE fragment for the engines it will run on,
// rendered for this very guest (422 with the gate's message), so a bad rule is refused here, not at query time.

export const guestTokenApi = new Hono<AppEnv>({ strict: true });

guestTokenApi.post("/api/v1/security/guest_token/", requires("can_grant_guest_token", "SecurityRestApi"), async (c) => {
  const secret = c.env.GUEST_TOKEN_JWT_SECRET;
  // never a default secret: unset, embedding is off (and tokens signed with anything are refused)
  if (!secret) throw new ApiError(500, "Guest tokens are not configured: set the GUEST_TOKEN_JWT_SECRET secret.", "GENERIC_BACKEND_ERROR");
  if (!guestRoleAllowed(c.env)) throw new ApiError(500, "GUEST_ROLE_NAME may not name the Admin role.", "GENERIC_BACKEND_ERROR");
  const request = parseGuestTokenRequest(await jsonObject(c));
  const db = c.var.db;
  // a guest's rights are exactly that role's: a token whose role is missing would open a page that reads nothing
  if (!(await guestRoleExists(db, c.env))) {
    throw new ApiError(500, `GUEST_ROLE_NAME names no role: "${guestRoleName(c.env)}". Create that role, or unset GUEST_ROLE_NAME to use the built-in Guest role.`, "GENERIC_BACKEND_ERROR");
  }

  const ids = request.resources.map((r) => r.id);
  const found = await embeddedDashboardsNamed(db, ids);
  // Superset's EmbeddedDashboardNotFoundError, answered 400 by this endpoint
  if (ids.some((id) => !found.has(id))) throw badRequest("EmbeddedDashboard not found.", "GENERIC_BACKEND_ERROR");

  const named = [...new Set(request.rls.flatMap((r) => (r.dataset === undefined ? [] : [r.dataset])))];
  const [ruleDatasets, reach] = await Promise.all([datasetsById(db, named), guestReach(db, ids)]);
  const missing = named.filter((id) => !ruleDatasets.some((d) => d.id === id));
  if (missing.length) throw commandInvalid({ rls: [`Datasets do not exist: ${missing.join(", ")}`] });

  const reachDatasets = await datasetsById(db, reach.datasetIds);
  const engines = (list: { engine: string }[]): SqlDialect[] => (list.length ? list.map((d) => dialectFor(d.engine).flavour) : ["sqlite"]);
  const viewer: RlsViewer = { userId: null, username: request.user.username, roles: [], guest: { rules: [], user: request.user } };
  const errors: string[] = [];
  request.rls.forEach((rule, i) => {
    const on = rule.dataset === undefined ? reachDatasets : ruleDatasets.filter((d) => d.id === rule.dataset);
    try {
      checkRlsClause(rule.clause, engines(on), viewer);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      errors.push(`${i}: ${e.message}`);
    }
  });
  if (errors.length) throw commandInvalid({ rls: errors });

  const claims = guestClaims(request, guestAudience(c.env), guestTokenSeconds(c.env.GUEST_TOKEN_JWT_EXP_SECONDS), Date.now());
  return c.json({ token: await signGuestToken(claims, secret) });
});
