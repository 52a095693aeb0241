import type { Env } from "../services/env";
import { createApp } from "./app";
import { renderPage } from "./remix";
import { runScheduled } from "./scheduled/index";
import { createHotApp, isHotRequest } from "./hot-app";

export { QueryJob } from "../durable-objects/query-job";
export { EventChannel } from "../durable-objects/event-channel";
export { ConnectionPool } from "../durable-objects/connection-pool";
export { LoginThrottle } from "../durable-objects/login-throttle";
export { ChartDataJob } from "../durable-objects/chart-data-job";
export { ReportRunner } from "../durable-objects/report-runner";
export { LiveDashboard } from "../durable-objects/live-dashboard";
export { LiveDashboardIndex } from "../durable-objects/live-dashboard-index";

// The one entry: env is unpacked here and handed down; nothing deeper reads globals.
const app = createApp(renderPage);
const hot = createHotApp();

export default {
  fetch: (request, env, ctx) => (isHotRequest(request) ? hot : app).fetch(request, env, ctx),
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduled(new Date(controller.scheduledTime), env));
  },
} satisfies ExportedHandler<Env>;
