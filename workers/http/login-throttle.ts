import type { Context } from "hono";
import { ApiError } from "../../core/http/errors";
import { DEFAULT_CLIENT_RULE, DEFAULT_USER_RULE, clientKey, ruleFrom, type ThrottleRule } from "../../core/security/throttle";
import type { LoginThrottle } from "../../durable-objects/login-throttle";
import type { AppEnv } from "../../services/env";

// Both login routes (the form and the token login) ask here before checking a password, and report after.

export class LoginThrottled extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many failed login attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`, "GENERIC_BACKEND_ERROR");
  }
}

export function loginThrottle(c: Context<AppEnv>, username: string) {
  const ns = c.env.LOGIN_THROTTLE as DurableObjectNamespace<LoginThrottle> | undefined;
  const userRule: ThrottleRule = ruleFrom(c.env.LOGIN_MAX_FAILURES_PER_USER, c.env.LOGIN_FAILURE_WINDOW_SECONDS, DEFAULT_USER_RULE);
  const clientRule: ThrottleRule = ruleFrom(c.env.LOGIN_MAX_FAILURES_PER_CLIENT, c.env.LOGIN_FAILURE_WINDOW_SECONDS, DEFAULT_CLIENT_RULE);
  // Cloudflare sets CF-Connecting-IP and a client cannot; a local run without it counts as one client.
  const client = clientKey(c.req.header("CF-Connecting-IP") ?? "local");
  const stub = (name: string) => ns!.get(ns!.idFromName(name));
  // The user name is counted only together with the client (core/security/throttle.ts: a lock earned by one
  // client must not keep the account's owner out elsewhere); the client alone has the looser limit.
  const pair = JSON.stringify([client, username.toLowerCase()]);
  const targets = ns ? [{ stub: stub(`user-from-client:${pair}`), rule: userRule }, { stub: stub(`client:${client}`), rule: clientRule }] : [];
  return {
    /** Throws LoginThrottled while this user name from this client, or this client, is locked out. */
    async check(): Promise<void> {
      const now = Date.now();
      const verdicts = await Promise.all(targets.map((t) => t.stub.status(t.rule, now)));
      const locked = verdicts.filter((v) => v.locked);
      if (locked.length) throw new LoginThrottled(Math.max(...locked.map((v) => v.retryAfterMs)) / 1000);
    },
    async failed(): Promise<void> {
      const now = Date.now();
      await Promise.all(targets.map((t) => t.stub.fail(t.rule, now)));
    },
    /** A success clears the count of this user name from this client; the client's stays (one address guessing many users). */
    async succeeded(): Promise<void> {
      if (targets[0]) await targets[0].stub.reset();
    },
  };
}
