import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { securityUsersApi } from "./security-users";
import { securityRolesApi } from "./security-roles";

// Superset's security admin API (users, roles, permission pairs) as one registration in routes.ts.
export const securityAdminApi = new Hono<AppEnv>().route("/", securityUsersApi).route("/", securityRolesApi);
