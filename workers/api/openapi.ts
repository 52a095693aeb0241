import type { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { requiresAdmin } from "../http/guard";
import { openApiDocument } from "../../core/http/openapi";

/**
 * GET /api/v1/_openapi on the root app: its document is made from the root app's own route table on first use
 * (every sub-app is mounted by then), so it lists exactly what this Worker serves. Like FAB's OpenApi view
 * (can_get on OpenApi, an Admin permission) it is for admins.
 */
export function mountOpenApi(app: Hono<AppEnv>): void {
  let document: ReturnType<typeof openApiDocument> | null = null;
  app.get("/api/v1/_openapi", requiresAdmin(), (c) => c.json((document ??= openApiDocument(app.routes))));
}
