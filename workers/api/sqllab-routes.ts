import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { savedQueryApi } from "./saved-query";
import { tabStateApi } from "./tab-state";
import { sqlLabShareApi } from "./sqllab-share";
import { sqlLabApi } from "./sqllab";
import { queryApi } from "./query";
import { sqlLabExecuteApi } from "./sqllab-execute";

// Every SQL Lab resource, registered in workers/api/routes.ts as one entry.
export const sqlLabRoutes = new Hono<AppEnv>({ strict: true })
  .route("/", savedQueryApi)
  .route("/", tabStateApi)
  .route("/", sqlLabShareApi)
  .route("/", sqlLabApi)
  .route("/", queryApi)
  .route("/", sqlLabExecuteApi);
