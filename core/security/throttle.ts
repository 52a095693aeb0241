// Failed-login throttling (OWASP's advice; Superset relies on its web server for it): at most `maxFailures`
// failures in a sliding `windowMs`, per (client, user name) pair and, looser, per client address. Once reached,
// further attempts are refused without checking the password until the oldest counted failure leaves the window.
// The user name alone is never a key: then anyone could lock any account (the admin's included) by guessing
// wrong ten times, and its owner could not sign in from anywhere; keyed with the client, a lock holds only the
// client that earned it.

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
}

/** Failures allowed for one user name from one client. */
export const DEFAULT_USER_RULE: ThrottleRule = { maxFailures: 10, windowMs: 15 * 60_000 };
/** Failures allowed from one client across all user names (one address guessing many accounts). */
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

/**
 * The client a failure is counted against: an IPv4 address as it is, an IPv6 address by its /64 prefix (one
 * subscriber or host gets a whole /64, so single addresses would give an attacker endless fresh counters), an
 * IPv4-mapped IPv6 address as its IPv4. Anything unreadable counts as itself, lower-cased.
 */
export function clientKey(address: string): string {
  const ip = address.trim().toLowerCase();
  if (!ip.includes(":")) return ip;
  const mapped = /^(?:0*:)*:?(?:0*:)*ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1];
  const halves = ip.split("::");
  if (halves.length > 2) return ip;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return ip;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return ip;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
