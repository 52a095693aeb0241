import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { securityUsersApi } from "./security-users";
import { securityRolesApi } from "./security-roles";
import { securityPermissionsApi } from "./security-permissions";

// Superset's security admin API (users, roles, permission pairs, permission names, resources) as one registration in routes.ts.
export const securityAdminApi = new Hono<AppEnv>().route("/", securityUsersApi).route("/", securityRolesApi).route("/", securityPermissionsApi);
