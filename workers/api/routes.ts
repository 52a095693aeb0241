import type { Hono } from "hono";
import type { AppEnv } from "../env";

// Every Superset resource is one Hono sub-app in its own file; adding a resource adds one line here.
export const apiRoutes: Hono<AppEnv>[] = [];
