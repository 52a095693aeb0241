import { DurableObject } from "cloudflare:workers";
import { lockout, recentFailures, type ThrottleRule } from "../core/security/throttle";

// One LoginThrottle per (client, user name) pair and per client address (`client:<ip>`): it keeps the times of
// recent failed logins. A Durable Object runs one call at a time, so concurrent guesses are counted exactly.

export class LoginThrottle extends DurableObject {
  private async failures(): Promise<number[]> {
    return (await this.ctx.storage.get<number[]>("failures")) ?? [];
  }

  async status(rule: ThrottleRule, now: number): Promise<{ locked: boolean; retryAfterMs: number }> {
    return lockout(await this.failures(), now, rule);
  }

  async fail(rule: ThrottleRule, now: number): Promise<void> {
    await this.ctx.storage.put("failures", recentFailures([...(await this.failures()), now], now, rule));
  }

  async reset(): Promise<void> {
    await this.ctx.storage.delete("failures");
  }
}
