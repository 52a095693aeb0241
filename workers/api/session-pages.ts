import { Hono } from "hono";
import type { AppEnv } from "../env";
import { isPublic, requiresLogin } from "../http/guard";
import { endSession, startSession } from "../http/session";
import { checkCredentials } from "./security";

// Form posts of the /login page and the user menu's "Log out". They answer with redirects so they work without JS.
export const sessionPages = new Hono<AppEnv>()
  .post("/login/", isPublic("the login form"), async (c) => {
    const form = await c.req.formData().catch(() => null);
    const username = String(form?.get("username") ?? "");
    const password = String(form?.get("password") ?? "");
    const next = safeNext(String(form?.get("next") ?? "/"));
    // A login form posted from another site (login CSRF) is refused: the Origin must be ours when sent.
    const origin = c.req.header("Origin");
    if (origin && origin !== new URL(c.req.url).origin) return c.redirect(`/login/?error=origin`, 303);
    const user = username && password ? await checkCredentials(c.var.db, username, password) : null;
    if (!user) return c.redirect(`/login/?error=invalid&next=${encodeURIComponent(next)}`, 303);
    await startSession(c, user.id);
    return c.redirect(next, 303);
  })
  .post("/logout/", requiresLogin(), (c) => {
    endSession(c);
    return c.redirect("/login/", 303);
  })
  .get("/health", isPublic("load balancer and benchmark probe"), (c) => c.text("OK"));

/** Only same-site paths may follow a login, never another origin. */
export function safeNext(next: string): string {
  return next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}
