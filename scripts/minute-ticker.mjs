// wrangler dev never fires cron triggers by itself: this calls the Worker's scheduled handler (reports and alerts,
// scheduled queries, housekeeping) at the start of every minute, with that minute as its scheduled time, as
// Cloudflare's cron would. `npm start` runs it beside wrangler dev; the newcomer's report journey runs the same.

/** Starts ticking `baseUrl`'s scheduled handler every minute; answers a function that stops it. */
export function startMinuteTicker(baseUrl) {
  let timer = null;
  let stopped = false;
  const tick = async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    try {
      await fetch(`${baseUrl}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("* * * * *")}&time=${minute}`);
    } catch {
      // the server is restarting or stopping: the next minute tries again
    }
  };
  const untilNextMinute = () => 60_000 - (Date.now() % 60_000) + 200;
  const loop = () => {
    if (stopped) return;
    timer = setTimeout(() => tick().finally(loop), untilNextMinute());
    timer.unref?.();
  };
  loop();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
