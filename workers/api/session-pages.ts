import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { isPublic, requiresLogin } from "../http/guard";
import { endSession, startSession } from "../http/session";
import { checkCredentials } from "./security";
import { LoginThrottled, loginThrottle } from "../http/login-throttle";
import { noteAction } from "../http/action-log";
import { safeNextPath } from "../../core/security/redirect";

// Form posts of the /login page and the user menu's "Log out". They answer with redirects so they work without JS.
export const sessionPages = new Hono<AppEnv>()
  .post("/login/", isPublic("the login form"), async (c) => {
    const form = await c.req.formData().catch(() => null);
    const username = String(form?.get("username") ?? "");
    const password = String(form?.get("password") ?? "");
    const next = safeNextPath(form?.get("next") ?? "/", new URL(c.req.url).origin);
    // A login form posted from another site (login CSRF) is refused: the Origin must be ours when sent.
    const origin = c.req.header("Origin");
    if (origin && origin !== new URL(c.req.url).origin) return c.redirect(`/login/?error=origin`, 303);
    const again = `&next=${encodeURIComponent(next)}`;
    if (!username || !password) return c.redirect(`/login/?error=invalid${again}`, 303);
    const throttle = loginThrottle(c, username);
    try {
      await throttle.check();
    } catch (e) {
      if (e instanceof LoginThrottled) return c.redirect(`/login/?error=throttled${again}`, 303);
      throw e;
    }
    const user = await checkCredentials(c.var.db, username, password);
    if (!user) {
      await throttle.failed();
      return c.redirect(`/login/?error=invalid${again}`, 303);
    }
    await throttle.succeeded();
    await startSession(c, user);
    noteAction(c, { userId: user.id, details: { username } });
    return c.redirect(next, 303);
  })
  .post("/logout/", requiresLogin(), async (c) => {
    await endSession(c);
    return c.redirect("/login/", 303);
  })
  .get("/health", isPublic("load balancer and benchmark probe"), (c) => c.text("OK"));
