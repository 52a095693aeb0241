// How `wrangler dev` is served on this machine, for `npm start` (scripts/start.mjs) and the test harness
// (tests/support/server.mjs) alike. It listens on the loopback address only: a local `wrangler dev` answers
// Miniflare's /cdn-cgi/handler/scheduled (wrangler's cron trigger, handled before the Worker sees the request,
// so the Worker cannot refuse it) and runs with LOCAL_DEV conveniences; neither may be reachable from another
// machine. wrangler's own default is every interface of the machine.
export const LOOPBACK = "127.0.0.1";

/** `wrangler dev` arguments: each config (the first is served), the port on loopback, then `extra`. */
export function wranglerDevArgs({ configs, port, extra = [] }) {
  return ["dev", ...configs.flatMap((c) => ["--config", c]), "--port", String(port), "--ip", LOOPBACK, ...extra];
}

/** What `npm start` runs: the main Worker and the render Worker (ADR 0014) in one session, cron testable. */
export function startArgs(port) {
  return wranglerDevArgs({ configs: ["wrangler.toml", "wrangler.render.toml"], port, extra: ["--show-interactive-dev-session=false", "--test-scheduled"] });
}
