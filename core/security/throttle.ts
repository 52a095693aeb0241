// Failed-login throttling (OWASP's advice; Superset relies on its web server for it): at most `maxFailures`
// failures in a sliding `windowMs`, per user name and per client address. Once reached, further attempts are
// refused without checking the password until the oldest counted failure leaves the window.

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
}

export const DEFAULT_USER_RULE: ThrottleRule = { maxFailures: 10, windowMs: 15 * 60_000 };
export const DEFAULT_CLIENT_RULE: ThrottleRule = { maxFailures: 50, windowMs: 15 * 60_000 };

/** The failures still inside the window, oldest first, keeping no more than the rule can need. */
export function recentFailures(failures: readonly number[], now: number, rule: ThrottleRule): number[] {
  return failures.filter((t) => t > now - rule.windowMs && t <= now).slice(-rule.maxFailures);
}

export function lockout(failures: readonly number[], now: number, rule: ThrottleRule): { locked: boolean; retryAfterMs: number } {
  const recent = recentFailures(failures, now, rule);
  if (recent.length < rule.maxFailures) return { locked: false, retryAfterMs: 0 };
  return { locked: true, retryAfterMs: recent[recent.length - rule.maxFailures] + rule.windowMs - now };
}

/** A rule from configuration text, falling back to the default for anything that is not a positive integer. */
export function ruleFrom(maxFailures: string | undefined, windowSeconds: string | undefined, fallback: ThrottleRule): ThrottleRule {
  const max = Number(maxFailures);
  const seconds = Number(windowSeconds);
  return {
    maxFailures: Number.isSafeInteger(max) && max > 0 ? max : fallback.maxFailures,
    windowMs: Number.isSafeInteger(seconds) && seconds > 0 ? seconds * 1000 : fallback.windowMs,
  };
}
